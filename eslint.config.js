import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';

const features = readdirSync('client/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'client/src/api/generated/**', 'coverage/**', 'test-results/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Function is the honest type of an entity/migration class list.
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  {
    files: ['server/**/*.ts', 'test/**/*.ts', 'bench/**/*.{ts,mjs,js}', 'scripts/**/*.mjs', '*.{js,ts,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // The client is a browser bundle: it never reaches into the server's code.
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The client never imports server code; use the generated API types.' }] }],
      // Features never import each other; shared code lives in components/, lib/ or api/.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: features.map((feature) => ({
            target: `./client/src/features/${feature}`,
            from: './client/src/features',
            except: [`./${feature}`],
            message: 'Features never import each other.',
          })),
        },
      ],
    },
  },
);
