import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.

/**
 * A test's time budget, not a speed goal (those are benchmarks). Vitest's 5 s default failed a jsdom workflow test
 * that took 5.3 s on a 2-core machine 1.7 × slower than the last, both cores busy with the API suite (2026-11-28);
 * engine fits and jsdom workflows took 4–7 s there. A failed assertion still fails at once.
 */
const SLOW_MACHINE_MS = 30_000;
export default defineConfig({
  test: {
    // Vitest leaves one core to its main process by default, which on the 2-core CI machine is one test file at a
    // time. The main process only gathers results: with a worker per core the whole run took 763 s instead of
    // 1,095 s (2026-11-28, this 2-core machine, with PostgreSQL), both cores busy.
    maxWorkers: availableParallelism(),
    projects: [
      {
        // Pure code: the files of a worker share its modules, as the server's and the web's do.
        test: {
          name: 'domain',
          root: 'packages/domain',
          environment: 'node',
          isolate: false,
          testTimeout: SLOW_MACHINE_MS,
        },
      },
      {
        test: {
          name: 'engine',
          root: 'packages/engine',
          environment: 'node',
          isolate: false,
          testTimeout: SLOW_MACHINE_MS,
        },
      },
      { extends: 'apps/server/vitest.config.ts', test: { name: 'server', root: 'apps/server' } },
      {
        extends: 'apps/web/vitest.config.ts',
        test: { name: 'web', root: 'apps/web', testTimeout: SLOW_MACHINE_MS },
      },
    ],
  },
});
