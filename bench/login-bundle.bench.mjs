// The JavaScript a cold load of /user/login needs (issue 15: "5 s of blank screen on a cold load"). Builds the web
// app into a temporary folder, serves it from a fresh API server (no demo town), opens /user/login in Chromium
// without a cache and splits the scripts it fetched, by their start (Resource Timing), into those before the login
// form was first in the DOM — what the page needs — and those after it: the idle-time preload of the logged-in
// shell and the dashboard (app/lazy-layouts.ts). Sizes are decoded (uncompressed) bytes, and since issue 41 also the
// bytes sent (the body on the wire: brotli or gzip as the server chose, Resource Timing encodedBodySize).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright';
import { writeResult } from './lib.mjs';

/* global window, document, MutationObserver -- page functions run in Chromium */

const root = resolve(import.meta.dirname, '..');
const port = 8298;
const base = `http://127.0.0.1:${port}`;

async function serve(webDist, dataDir) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DEMO_CITY_PIPES: '0',
      ROLE: 'api',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const t0 = performance.now();
  for (;;) {
    if (performance.now() - t0 > 180_000) throw new Error('server did not start within 180 s');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function measure() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid="login-form"]')) return;
        window.__loginFormAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${base}/user/login`);
    await page.getByTestId('login-form').waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // The preload waits for an idle moment (at most 3 s).
    await page.waitForTimeout(4000);
    return await page.evaluate(() => ({
      formAt: window.__loginFormAt,
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => r.name.endsWith('.js'))
        .map((r) => ({
          file: r.name.split('/').pop(),
          start: r.startTime,
          bytes: r.decodedBodySize,
          sent: r.encodedBodySize,
        })),
    }));
  } finally {
    await browser.close();
  }
}

const summary = (scripts) => ({
  files: scripts.length,
  kib: Math.round(scripts.reduce((s, r) => s + r.bytes, 0) / 102.4) / 10,
  sent_kib: Math.round(scripts.reduce((s, r) => s + r.sent, 0) / 102.4) / 10,
  largest: scripts
    .toSorted((a, b) => b.bytes - a.bytes)
    .slice(0, 8)
    .map((r) => `${r.file} ${Math.round(r.bytes / 1024)} KiB`),
});

const work = mkdtempSync(join(tmpdir(), 'pipewise-bench-login-'));
try {
  const dist = join(work, 'dist');
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
    cwd: join(root, 'apps/web'),
    stdio: 'ignore',
  });
  const server = await serve(dist, join(work, 'data'));
  try {
    const { formAt, scripts } = await measure();
    writeResult('login-bundle', {
      command: 'npm run bench login-bundle',
      to_render_login: summary(scripts.filter((s) => s.start < formAt)),
      preloaded_after_login_form: summary(scripts.filter((s) => s.start >= formAt)),
      note:
        'Decoded bytes (kib) and bytes on the wire (sent_kib: brotli since issue 41, uncompressed before) of the ' +
        'scripts fetched before the login form was in the DOM, and after it (idle preload). ' +
        'Before issue 15 (the shell, jsPDF and the map settings in the first download): 50 files, 1574.9 KiB.',
    });
  } finally {
    // The server shuts down gracefully within 20 s; a bench never leaves one behind.
    const hard = setTimeout(() => server.kill('SIGKILL'), 25_000);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    clearTimeout(hard);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
