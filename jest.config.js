/**
 * Server suites: unit specs beside the code (server/**), API suites (test/api) and the lint-config suite (test/lint).
 * `npm run test:server` runs them on two workers, then the `*.timing.spec.ts` suites alone (one at a time, nothing
 * beside them): those assert wall-clock budgets (latency under load, a read's budget, event-loop gaps), which a
 * neighbouring suite's CPU would turn into flakes. A suite that times itself is named so.
 */
export default {
  rootDir: '.',
  testEnvironment: '<rootDir>/test/support/node-environment.cjs',
  testMatch: ['<rootDir>/server/**/*.spec.ts', '<rootDir>/test/api/**/*.spec.ts', '<rootDir>/test/lint/**/*.spec.ts'],
  setupFiles: ['<rootDir>/test/support/environment.ts'],
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
          experimentalDecorators: true,
          emitDecoratorMetadata: true,
          esModuleInterop: true,
          strict: true,
          strictPropertyInitialization: false,
          skipLibCheck: true,
        },
      },
    ],
  },
  // Starting an app compiles and imports the whole server in each suite's first hook: on a
  // loaded 2-core machine that alone has taken over 30 s.
  testTimeout: 60000,
};
