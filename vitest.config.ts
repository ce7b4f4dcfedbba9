import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Vitest leaves one core to its main process by default, which on the 2-core CI machine is one test file at a
    // time. The main process only gathers results: with a worker per core the whole run took 763 s instead of
    // 1,095 s (2026-11-28, this 2-core machine, with PostgreSQL), both cores busy.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node' } },
      { test: { name: 'engine', root: 'packages/engine', environment: 'node' } },
      { extends: 'apps/server/vitest.config.ts', test: { name: 'server', root: 'apps/server' } },
      { extends: 'apps/web/vitest.config.ts', test: { name: 'web', root: 'apps/web' } },
    ],
  },
});
