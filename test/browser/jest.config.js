import { fileURLToPath, URL } from 'node:url';

/**
 * Browser suites: Chromium (playwright-core) against the BUILT app started as a real
 * process. Run through `npm run test:browser`, which builds first; jest needs
 * NODE_OPTIONS=--experimental-vm-modules for the ESM test files.
 */
export default {
  rootDir: fileURLToPath(new URL('../..', import.meta.url)),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/browser/**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      {
        useESM: true,
        tsconfig: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          isolatedModules: true,
          esModuleInterop: true,
          strict: true,
          skipLibCheck: true,
        },
      },
    ],
  },
  testTimeout: 60000,
};
