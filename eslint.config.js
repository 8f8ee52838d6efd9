import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import globals from 'globals';
import noCycle from './eslint-rules/no-cycle.js';
import providerFileName from './eslint-rules/provider-file-name.js';

/**
 * The server's layers, bottom first (docs/architecture.md). A folder may import its own
 * layer and the layers below it, never one above: a back-import fails the lint. The
 * bottom has an order of its own (config → database → data-protection → the rest), so the
 * folders every other one leans on form no knot. Every folder of server/ must be listed.
 */
export const SERVER_LAYERS = [
  ['config'],
  ['database'],
  ['data-protection'],
  ['common', 'mail', 'document-reading', 'document-liveness', 'face-reading', 'screening'],
  ['users', 'roles', 'sessions', 'audit', 'api-keys', 'sanctions'],
  ['organizations'],
  ['auth'],
  ['webhooks'],
  ['applicants'],
  ['faces'],
  ['policy'],
  ['applicant-screening'],
  ['fake-data'],
  ['analysis'],
  ['review'],
  ['retention'],
  ['kyc'],
  ['health', 'admin', 'demo', 'cli', 'migrations'],
];
const serverFolders = readdirSync('server', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unlisted = serverFolders.filter((folder) => !SERVER_LAYERS.flat().includes(folder));
if (unlisted.length > 0) throw new Error(`eslint.config.js: server/${unlisted.join(', server/')} is in no layer: add it to SERVER_LAYERS`);
/** The composition root: server/*.ts (app module, factory, entities, data source) sits above every layer but the top one, which has no zone. */
const SERVER_ROOT_FILES = readdirSync('server', { withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
  .map((entry) => `./server/${entry.name}`);

const serverLayerZones = SERVER_LAYERS.slice(0, -1).flatMap((layer, index) =>
  layer.map((folder) => ({
    target: `./server/${folder}`,
    from: [
      ...SERVER_LAYERS.slice(index + 1)
        .flat()
        .map((above) => `./server/${above}`),
      ...SERVER_ROOT_FILES,
    ],
    message: `server/${folder} may import only its own layer and those below it (see SERVER_LAYERS in eslint.config.js).`,
  })),
);

/** How import-x reads the server's imports: `.js` specifiers are the `.ts` files, parsed as TypeScript. */
const serverImportSettings = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
  'import-x/extensions': ['.ts', '.js'],
};

/** How import-x reads the client's extensionless imports (without a resolver no zone is ever checked). */
const clientImportSettings = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/extensions': ['.ts', '.tsx', '.js'],
};

/** The client's shared folders, below every feature. */
const CLIENT_SHARED = ['components', 'lib', 'api', 'config'];

const features = readdirSync('client/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureZones = features.map((feature) => ({
  target: `./client/src/features/${feature}`,
  from: './client/src/features',
  except: [`./${feature}`],
  message: 'Features never import each other: compose them in app/routes, share code through components/, lib/ or api/.',
}));

const appZones = [
  { target: './client/src/features', from: './client/src/app', message: 'Features never import the app; the app composes features.' },
  ...CLIENT_SHARED.map((folder) => ({
    target: `./client/src/${folder}`,
    from: ['./client/src/features', './client/src/app'],
    message: `client/src/${folder} is shared code: it never imports a feature or the app.`,
  })),
];

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
    files: ['server/**/*.ts', 'test/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs,js}', 'scripts/**/*.mjs', '*.{js,ts,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // node --require preloads are CommonJS.
    files: ['test/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The server's direction: no import cycles anywhere, type imports included (import-x's
    // no-cycle skips them), no back-import from a lower layer. Each provider in the file named for it.
    files: ['server/**/*.ts'],
    plugins: { local: { rules: { 'no-cycle': noCycle, 'provider-file-name': providerFileName } } },
    rules: {
      'local/no-cycle': 'error',
      'local/provider-file-name': 'error',
    },
  },
  {
    // A file is one idea: at most 400 lines of code (blank lines and comments not counted) in the
    // server's and the client's source. Specs, migrations and generated files are exempt.
    files: ['server/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts', '**/*.test.{ts,tsx}', 'server/migrations/**', 'client/src/api/generated/**', '**/*.gen.ts'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Specs may compose any layers to build their fixtures.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.spec.ts'],
    plugins: { 'import-x': importX },
    settings: serverImportSettings,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverLayerZones }],
    },
  },
  {
    // The client is a browser bundle: it never reaches into the server's code.
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks, '@tanstack/query': pluginQuery },
    settings: clientImportSettings,
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...pluginQuery.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'The client never imports server code; use the generated API types.' }] },
      ],
      // Features never import each other: shared code lives in components/, lib/ or api/.
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
    },
  },
  {
    // One way (bulletproof-react): shared code → features → app. Tests and their testing/
    // helpers may render the app's providers and router.
    files: ['client/**/*.{ts,tsx}'],
    ignores: ['client/**/*.test.{ts,tsx}', 'client/**/testing/**'],
    plugins: { 'import-x': importX },
    settings: clientImportSettings,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...appZones] }],
    },
  },
);
