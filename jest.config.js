// Three projects so each kind of test can be run alone; `npm test` runs them all.
const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json' }],
    // auto-bind (used by graphql-codegen's plugins) ships ES modules only; Jest's CommonJS runtime needs them compiled.
    '/node_modules/auto-bind/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!auto-bind/)'],
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: {
    '^@scriptbook/([^/]+)$': '<rootDir>/libs/$1/src',
    '^@scriptbook/([^/]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
  },
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
  setupFiles: ['<rootDir>/libs/platform/src/testing/one-connection-per-request.ts'],
};

module.exports = {
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{libs,services,scripts,test}/**/*.spec.ts'] },
    { ...shared, displayName: 'integration', testMatch: ['<rootDir>/{libs,services,scripts,test}/**/*.int-spec.ts'] },
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/{services,test}/**/*.e2e-spec.ts'] },
  ],
  // A global setting: Jest ignores it inside a project. Integration and
  // end-to-end hooks start real services (some as processes of their own),
  // which on a loaded two-core machine can take far longer than Jest's 5 s.
  testTimeout: 60000,
  // Jest keeps what each file loaded (TypeORM's metadata lives on the global
  // object, Nest's and Apollo's caches in modules a file required) for as
  // long as its process lives. In one process, a whole run's worth outgrew
  // the heap near its end and spent its last minutes collecting garbage. A
  // worker whose heap is past this after a file is replaced by a fresh one.
  workerIdleMemoryLimit: '1GB',
};
