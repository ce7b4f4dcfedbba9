import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 8181);
// A fresh embedded database per run, so the demo accounts are always in their seeded state.
// Kept in the environment so test workers (which load this file again) see the same folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'pipewise-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node --import tsx apps/server/src/server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: 'apps/web/dist',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // A smaller demo town than the 20,000 pipes of `npm start`: the stories need a network, not its size.
      DEMO_CITY_PIPES: '3000',
      // The same map with or without internet: no public default basemap (issue 15), the plain background.
      BASEMAP_STYLE_LIGHT: 'none',
      BASEMAP_STYLE_DARK: 'none',
      BASEMAP_STYLE_TERRAIN: 'none',
    },
  },
});
