import { defineConfig } from 'vitest/config';

// One runner for every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node' } },
      { test: { name: 'engine', root: 'packages/engine', environment: 'node' } },
      { extends: 'apps/server/vitest.config.ts', test: { name: 'server', root: 'apps/server' } },
      { extends: 'apps/web/vitest.config.ts', test: { name: 'web', root: 'apps/web' } },
    ],
  },
});
