import { defineConfig } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { E2E_SERVERS, E2E_WORKERS } from './e2e/support/servers.ts';

// A fresh embedded database per run and server, so the demo accounts are always in their seeded state.
for (const server of E2E_SERVERS) mkdirSync(server.dataDir, { recursive: true });

export default defineConfig({
  testDir: 'e2e',
  // A story's bound, not its goal: the longest stories take about 40 s on an idle 2-core machine and twice that with
  // two CPU-bound processes beside the run (issue 35). A failing assertion still fails at its own 30 s bound.
  timeout: 180_000,
  // A generous bound for an assertion that waits: with two workers on two cores a pipe's details opened from the
  // search took just over 10 s once (2026-12-01, clean clone). A passing wait ends as soon as it holds.
  expect: { timeout: 30_000 },
  // Spec files are shared out among the workers, each with a server of its own (e2e/support/test.ts); the stories
  // of one file run in their order.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['./scripts/test/e2e-times-reporter.mjs']],
  use: {
    // As a user who asked for less motion: the map jumps where it would fly (MapLibre honours the setting), so the
    // browser renders fewer frames in SwiftShader, which on two cores is most of the run's CPU. The map stories took
    // 3.3 min instead of 3.9 (2026-12-01, one worker) and assert the same places and pixels.
    reducedMotion: 'reduce',
    // A trace only for a retried story (CI retries once): recorded for every story, the traces' screencast and DOM
    // snapshots took about 30 % of a map story's time (map.spec.ts, one worker: 92 s with traces kept on failure,
    // 65 s without; 2026-12-06), to be thrown away when it passed. `--trace on` records them all when debugging.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Flags known to work here (ARCHITECTURE.md): no sandbox as root, no background
      // networking on a closed network, SwiftShader WebGL for MapLibre.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
  webServer: E2E_SERVERS.map((server) => ({
    command: 'node --import tsx apps/server/src/server.ts',
    url: `${server.url}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(server.port),
      HOST: '127.0.0.1',
      DATA_DIR: server.dataDir,
      WEB_DIST: 'apps/web/dist',
      PUBLIC_URL: server.url,
      LOG_LEVEL: 'warn',
      // A smaller demo town than the 20,000 pipes of `npm start`: the stories need a network, not its size.
      DEMO_CITY_PIPES: '3000',
      // The same map with or without internet: no public default basemap (issue 15), the plain background.
      BASEMAP_STYLE_LIGHT: 'none',
      BASEMAP_STYLE_DARK: 'none',
      BASEMAP_STYLE_TERRAIN: 'none',
    },
  })),
});
