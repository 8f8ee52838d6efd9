/** Server suites: unit specs beside the code (server/**), API suites (test/api) and the lint-config suite (test/lint). */
export default {
  rootDir: '.',
  testEnvironment: 'node',
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
