import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated PGlite template for the whole run (see test/global-setup.ts).
    globalSetup: ['./test/global-setup.ts'],
    // The files of a worker share its modules: every API test file imports the whole app, which isolated took 68 s
    // of import for 10 route files against 18 s shared (2026-12-01, 2 cores), and PGlite keeps its compiled WASM
    // for the next file. Each file still gets its own app and database (helpers/harness.ts); no server test mocks a
    // module, and state a module keeps is keyed by the app's data directory or restored by the test that sets it.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
