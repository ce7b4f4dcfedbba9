// The map on a 100k-pipe town in headless Chromium (issue 5 "Proof"): the real server (server.ts) on a fresh
// PostgreSQL database seeds the demo town (packages/engine generateCity), the built web app is driven like a user
// (login page, /map/install-year, filters pane), and the page is timed from the inside:
//   1. navigation → first full render: navigation start (the document's timeOrigin) until the map container's
//      data-loaded="true" (set by the adapter on MapLibre's idle once the active source is loaded), with the
//      tile responses (count, bytes) of that load;
//   2. filter change → repainted frame: install year 1960–1990 applied in the filters pane, then Reset;
//   3. JS heap of the page (performance.memory) after the first render and after the filter.
//   4. the web app's own files (scripts, styles, documents) the browser fetched from opening the login page until
//      the map drew, on the wire (compressed as sent) and decoded (issue 41, static delivery).
// ROLE=api runs no job worker, so the analysis the seed queues never starts (the real one takes ~16 min and
// 3.6 GB on 100k pipes, bench/results/analysis-postgres.json). Until an analysis is served the map offers no filter
// (tile-properties is "not ready" while one is pending), so the bench completes the queued analysis with fake
// results made in SQL from the pipes, as bench/tiles.bench.mjs does, and swaps it in as the job would: the map then
// shows a COMPLETE dataset whose tiles carry every result property.
//   MAP_BENCH_WEB_DIST serves that built web app instead of a copy of apps/web/dist (to measure another build: an
//   older commit's, for a before/after); MAP_BENCH_DB the database's name (default pipewise_bench_map, dropped and
//   made anew: another name lets two runs share a server); MAP_BENCH_RESULT the result's name (default map:
//   bench/results/map.json); MAP_BENCH_PIPES the size (default 100000);
//   PIPEWISE_BENCH_PG_URL (or PIPEWISE_TEST_PG_URL) the PostgreSQL server; CHROMIUM_PATH the browser (default
//   /usr/bin/chromium).
/* global window, document, requestAnimationFrame, Worker, MutationObserver -- page functions run in Chromium */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { fakePipeResultsSql } from './fake-results.mjs';
import { adminQuery, writeResult } from './lib.mjs';
import { kib, staticRecorder } from './static-bytes.mjs';

const root = path.resolve(import.meta.dirname, '..');
const adminUrl =
  process.env.PIPEWISE_BENCH_PG_URL ??
  process.env.PIPEWISE_TEST_PG_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const PIPES = Number(process.env.MAP_BENCH_PIPES ?? 100_000);
const RUNS = 3;
const VIEWPORT = { width: 1280, height: 800 };
const EMAIL = 'admin@demo.pipewise.local';
const PASSWORD = 'Pipewise-demo-1';
const VIEW = 'install-year';
const FILTER = { key: 'installYear', low: '1960', high: '1990' };
// Frames without a WebGL draw call (and no worker request in flight) that count as "the map is idle".
const QUIET_FRAMES = 10;
const dbName = process.env.MAP_BENCH_DB ?? 'pipewise_bench_map';
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`MAP_BENCH_DB: not a plain name: ${dbName}`);
const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-bench-map-'));

const round1 = (x) => (x == null ? null : Math.round(x * 10) / 10);
const median = (xs) => {
  const v = xs.filter((x) => x != null).sort((a, b) => a - b);
  return v.length ? v[Math.floor(v.length / 2)] : null;
};

const admin = (query) => adminQuery(adminUrl, query);

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * A private copy of apps/web/dist: others rebuild the shared checkout's bundle while the bench runs, and a page
 * loaded between vite emptying dist and writing it again has no app. Retried until index.html's assets are there.
 */
async function copyWebDist() {
  const dist = path.join(root, 'apps/web/dist');
  const copy = path.join(dataDir, 'web-dist');
  for (let attempt = 1; ; attempt++) {
    rmSync(copy, { recursive: true, force: true });
    try {
      cpSync(dist, copy, { recursive: true });
      const html = readFileSync(path.join(copy, 'index.html'), 'utf8');
      const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
      if (assets.length > 0 && assets.every((a) => existsSync(path.join(copy, a)))) return copy;
    } catch {
      /* a build is rewriting dist */
    }
    if (attempt === 10) throw new Error('apps/web/dist stayed incomplete');
    await new Promise((r) => setTimeout(r, 10_000));
  }
}

// ---- the server -------------------------------------------------------------------------------------------

let server = null;
let serverErr = '';

async function startServer(port, webDist) {
  const target = new URL(adminUrl);
  target.pathname = `/${dbName}`;
  const t0 = performance.now();
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: target.toString(),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      DEMO_CITY_PIPES: String(PIPES),
      // No job worker: the seeded analysis stays queued (see the header).
      ROLE: 'api',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr.on('data', (d) => (serverErr = (serverErr + d).slice(-4000)));
  const exited = new Promise((resolve) => server.once('exit', (code) => resolve(code)));
  for (;;) {
    if (performance.now() - t0 > 20 * 60_000) throw new Error('server did not start within 20 min');
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 250))]);
    if (code !== undefined) throw new Error(`server exited (${code}) during start:\n${serverErr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
  }
  return Math.round(performance.now() - t0) / 1000;
}

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  const t = setTimeout(() => server.kill('SIGKILL'), 25_000);
  await exited;
  clearTimeout(t);
}

// ---- fake analysis results (bench/fake-results.mjs, on the seed's queued analysis) ----------

async function serveFakeResults(dbUrl) {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    // The superuser bypasses row-level security: no tenant to set.
    const { rows } = await c.query(
      `SELECT id, dataset_id FROM analyses WHERE stage = 'queued' ORDER BY id DESC LIMIT 1`,
    );
    if (!rows[0]) throw new Error('no queued analysis of the demo town');
    const analysisId = Number(rows[0].id);
    const datasetId = Number(rows[0].dataset_id);
    await c.query('BEGIN');
    const inserted = await c.query(fakePipeResultsSql(analysisId, datasetId));
    // The job's swap (analysis.job.ts swapIn): COMPLETE (0), origin IMPUTED (1), a new tile revision.
    await c.query(
      `UPDATE datasets SET refresh_status = 'NONE', analysis_id = $1, status = 0, ra_complete = true, rul = true,
        origin = 1, tile_revision = tile_revision + 1, updated_at = now() WHERE id = $2`,
      [analysisId, datasetId],
    );
    await c.query(
      `UPDATE analyses SET stage = 'complete', progress = 100, finished_at = now(), worker = NULL WHERE id = $1`,
      [analysisId],
    );
    await c.query('COMMIT');
    await c.query('ANALYZE pipes');
    await c.query('ANALYZE pipe_results');
    return { analysisId, datasetId, pipes: inserted.rowCount };
  } catch (err) {
    await c.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await c.end();
  }
}

// ---- in-page instrumentation (runs before the app's scripts in every document) ------------------------------

function instrument() {
  const b = {
    draws: 0,
    lastDrawAt: 0,
    pending: new Set(),
    workerRequests: 0,
    loadedAt: null,
    filterChanges: [],
    clicks: [],
    heapPeak: 0,
  };
  window.__bench = b;
  // Every WebGL draw call: MapLibre draws only when it repaints, so the last one of a burst is the repainted frame.
  const drawNames = [
    'drawElements',
    'drawArrays',
    'drawElementsInstanced',
    'drawArraysInstanced',
    'drawRangeElements',
  ];
  for (const C of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    if (!C) continue;
    for (const name of drawNames) {
      const f = C.prototype[name];
      if (typeof f !== 'function') continue;
      C.prototype[name] = function (...args) {
        b.draws++;
        b.lastDrawAt = performance.now();
        return f.apply(this, args);
      };
    }
  }
  // MapLibre's Actor messages to its workers ({id, type}) and their '<response>' (or a '<cancel>'): a tile being
  // (re)parsed after setFilter is a request in flight, so "no request in flight" is part of "idle".
  const watched = new WeakSet();
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (msg, ...rest) {
    if (!watched.has(this)) {
      watched.add(this);
      this.addEventListener('message', (e) => {
        if (e.data && e.data.type === '<response>') b.pending.delete(e.data.id);
      });
    }
    if (msg && typeof msg === 'object' && typeof msg.id === 'string') {
      if (msg.type === '<cancel>') b.pending.delete(msg.id);
      else if (msg.type !== '<response>') {
        b.pending.add(msg.id);
        b.workerRequests++;
      }
    }
    return post.call(this, msg, ...rest);
  };
  new MutationObserver((records) => {
    const now = performance.now();
    for (const m of records) {
      const el = m.target;
      if (el.getAttribute('data-testid') !== 'map') continue;
      if (
        m.attributeName === 'data-loaded' &&
        el.getAttribute('data-loaded') === 'true' &&
        b.loadedAt === null
      )
        b.loadedAt = now;
      if (m.attributeName === 'data-filter') {
        const rec = { value: el.getAttribute('data-filter'), at: now, raf2At: null };
        b.filterChanges.push(rec);
        requestAnimationFrame(() => requestAnimationFrame(() => (rec.raf2At = performance.now())));
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-loaded', 'data-filter'] });
  document.addEventListener('click', () => b.clicks.push(performance.now()), true);
  setInterval(() => {
    const heap = performance.memory?.usedJSHeapSize ?? 0;
    if (heap > b.heapPeak) b.heapPeak = heap;
  }, 50);
}

/**
 * In the page: waits until a frame with draw calls happened after `since`, no worker request is in flight and
 * QUIET_FRAMES animation frames passed without a draw call — the observable equivalent of MapLibre's `idle`.
 * Resolves with the time of the last draw call (the repainted frame).
 */
function waitSettled([since, quietFrames, timeoutMs]) {
  const b = window.__bench;
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let seen = b.draws;
    let quiet = 0;
    const tick = () => {
      if (b.draws !== seen) {
        seen = b.draws;
        quiet = 0;
      } else quiet++;
      if (b.lastDrawAt > since && b.pending.size === 0 && quiet >= quietFrames)
        return resolve({ settledAt: b.lastDrawAt, draws: b.draws });
      if (performance.now() - t0 > timeoutMs)
        return reject(
          new Error(`map not idle after ${timeoutMs} ms (${b.pending.size} worker requests pending)`),
        );
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const heapNow = (page) =>
  page.evaluate(() => {
    const used = performance.memory?.usedJSHeapSize ?? null;
    return { used, peak: Math.max(used ?? 0, window.__bench.heapPeak) };
  });
const mib = (bytes) => (bytes == null ? null : Math.round((bytes / 2 ** 20) * 10) / 10);

// ---- the user's steps ---------------------------------------------------------------------------------------

async function logIn(page) {
  await page.goto('/user/login');
  await page.getByTestId('login-email').fill(EMAIL);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'), { timeout: 60_000 });
}

function tileRecorder(page) {
  const finished = [];
  const failed = [];
  page.on('requestfinished', (r) => {
    if (r.url().includes('/api/tiles/')) finished.push(r);
  });
  page.on('requestfailed', (r) => {
    if (r.url().includes('/api/tiles/')) failed.push(r);
  });
  return {
    mark: () => ({ finished: finished.length, failed: failed.length }),
    async summary(from, to) {
      const reqs = finished.slice(from.finished, to.finished);
      let encoded = 0;
      let decoded = 0;
      const byLayer = {};
      const statuses = {};
      for (const r of reqs) {
        const res = await r.response();
        const sizes = await r.sizes();
        const body = res ? await res.body().catch(() => null) : null;
        encoded += sizes.responseBodySize;
        decoded += body?.length ?? 0;
        const layer = /\/api\/tiles\/\d+\/\d+\/([^/]+)\//.exec(r.url())?.[1] ?? '?';
        byLayer[layer] = (byLayer[layer] ?? 0) + 1;
        statuses[res?.status() ?? 0] = (statuses[res?.status() ?? 0] ?? 0) + 1;
      }
      return {
        count: reqs.length,
        failed: to.failed - from.failed,
        transfer_bytes: encoded,
        decoded_bytes: decoded,
        by_layer: byLayer,
        statuses,
        zooms: [...new Set(reqs.map((r) => Number(/\/(\d+)\/\d+\/\d+\.mvt/.exec(r.url())?.[1])))].sort(),
      };
    },
  };
}

async function firstRender(page, tiles, statics) {
  const before = tiles.mark();
  const t0 = performance.now();
  await page.goto(`/map/${VIEW}`);
  await page.waitForFunction(() => window.__bench.loadedAt !== null, null, { timeout: 300_000, polling: 50 });
  const wallMs = performance.now() - t0;
  const atLoaded = tiles.mark();
  const staticsAtLoaded = statics.mark();
  const inPage = await page.evaluate(() => ({
    loadedAt: window.__bench.loadedAt,
    requests: window.__bench.workerRequests,
  }));
  const settled = await page.evaluate(waitSettled, [0, QUIET_FRAMES, 120_000]);
  const map = page.getByTestId('map');
  return {
    ms: round1(inPage.loadedAt),
    wall_ms_from_goto: round1(wallMs),
    idle_by_draw_calls_ms: round1(settled.settledAt),
    tiles: await tiles.summary(before, atLoaded),
    // From the login page's first request (a fresh context: nothing cached) until the map drew.
    static_files: await statics.summary(0, staticsAtLoaded),
    tiles_after_loaded: (await tiles.summary(atLoaded, tiles.mark())).count,
    worker_requests: inPage.requests,
    zoom: Number(await map.getAttribute('data-zoom')),
    center: await map.getAttribute('data-center'),
    heap: await heapNow(page),
  };
}

/** Clicks `target`, then times the data-filter change, two rAFs after it, and the idle repaint (in-page clock). */
async function repaint(page, target) {
  // Start from a still map (opening the pane resizes it and repaints).
  await page.evaluate(waitSettled, [-1, QUIET_FRAMES, 120_000]);
  const before = await page.evaluate(() => ({
    changes: window.__bench.filterChanges.length,
    requests: window.__bench.workerRequests,
    filter: document.querySelector('[data-testid="map"]').getAttribute('data-filter'),
  }));
  await page.evaluate(() => (window.__bench.heapPeak = 0));
  await target.click();
  await page.waitForFunction((n) => window.__bench.filterChanges.length > n, before.changes, {
    timeout: 60_000,
  });
  const change = await page.evaluate((n) => window.__bench.filterChanges[n], before.changes);
  const settled = await page.evaluate(waitSettled, [change.at, QUIET_FRAMES, 180_000]);
  const after = await page.evaluate(
    ([n, at]) => {
      const b = window.__bench;
      return {
        change: b.filterChanges[n],
        click: b.clicks.filter((c) => c <= at).at(-1) ?? null,
        requests: b.workerRequests,
        loaded: document.querySelector('[data-testid="map"]').getAttribute('data-loaded'),
      };
    },
    [before.changes, change.at],
  );
  return {
    from_filter: before.filter,
    to_filter: after.change.value,
    click_to_data_filter_ms: round1(after.change.at - after.click),
    click_to_two_rafs_ms: round1(after.change.raf2At - after.click),
    click_to_idle_repaint_ms: round1(settled.settledAt - after.click),
    worker_requests: after.requests - before.requests,
    data_loaded_after: after.loaded,
    heap: await heapNow(page),
  };
}

async function filterRuns(page) {
  if (!(await page.getByTestId('filters-pane').isVisible())) await page.getByTestId('filters-toggle').click();
  await page.getByTestId('filters-pane').waitFor();
  const low = page.getByTestId(`${FILTER.key}-low`);
  if (!(await low.isVisible())) await page.getByTestId(`filter-${FILTER.key}`).click();
  await low.fill(FILTER.low);
  await page.getByTestId(`${FILTER.key}-high`).fill(FILTER.high);
  const apply = page.getByTestId(`slider-filter-${FILTER.key}`).getByRole('button', { name: 'Apply' });
  const filter = await repaint(page, apply);
  const reset = await repaint(
    page,
    page.getByTestId('filters-pane').getByRole('button', { name: 'Reset', exact: true }),
  );
  return { filter, reset };
}

async function oneRun(browser, baseURL, label) {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT, deviceScaleFactor: 1 });
  await context.addInitScript(instrument);
  const statics = staticRecorder(context, baseURL);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  try {
    const tiles = tileRecorder(page);
    await logIn(page);
    const render = await firstRender(page, tiles, statics);
    console.error(`${label}: first render ${render.ms} ms, ${render.tiles.count} tiles`);
    if (label === 'warm-up') return { render };
    const { filter, reset } = await filterRuns(page);
    console.error(
      `${label}: filter ${filter.click_to_idle_repaint_ms} ms, reset ${reset.click_to_idle_repaint_ms} ms`,
    );
    return { render, filter, reset };
  } catch (err) {
    const shot = path.join(tmpdir(), 'pw-bench-map-failure.png');
    await page.screenshot({ path: shot }).catch(() => {});
    console.error(`${label} failed; screenshot: ${shot}`);
    throw err;
  } finally {
    await context.close();
  }
}

// ---- main ---------------------------------------------------------------------------------------------------

let browser = null;
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  await browser?.close().catch(() => {});
  await stopServer().catch((e) => console.error('stopping the server:', e));
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => console.error('drop:', e));
  rmSync(dataDir, { recursive: true, force: true });
}
for (const sig of ['SIGINT', 'SIGTERM'])
  process.once(sig, () => {
    console.error(`${sig}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });

try {
  const loadBefore = loadavg();
  const built = process.env.MAP_BENCH_WEB_DIST ? false : ensureWebBuild();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${dbName}`);
  const port = await freePort();
  const startS = await startServer(port, process.env.MAP_BENCH_WEB_DIST ?? (await copyWebDist()));
  console.error(`server up with ${PIPES} pipes in ${startS} s`);
  const target = new URL(adminUrl);
  target.pathname = `/${dbName}`;
  const t0 = performance.now();
  const served = await serveFakeResults(target.toString());
  const fakeS = Math.round(performance.now() - t0) / 1000;
  console.error(`fake results of analysis ${served.analysisId} served in ${fakeS} s`);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      // Exact (unbucketed) performance.memory values.
      '--enable-precise-memory-info',
    ],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const warmUp = await oneRun(browser, baseURL, 'warm-up');
  const runs = [];
  for (let i = 1; i <= RUNS; i++) runs.push(await oneRun(browser, baseURL, `run ${i}`));

  const pick = (f) => runs.map(f);
  const stat = (f) => ({ median: median(pick(f)), all: pick(f) });
  const medians = {
    first_render_ms: median(pick((r) => r.render.ms)),
    first_render_tiles: median(pick((r) => r.render.tiles.count)),
    first_render_tile_transfer_bytes: median(pick((r) => r.render.tiles.transfer_bytes)),
    filter_click_to_idle_repaint_ms: median(pick((r) => r.filter.click_to_idle_repaint_ms)),
    filter_click_to_two_rafs_ms: median(pick((r) => r.filter.click_to_two_rafs_ms)),
    reset_click_to_idle_repaint_ms: median(pick((r) => r.reset.click_to_idle_repaint_ms)),
    reset_click_to_two_rafs_ms: median(pick((r) => r.reset.click_to_two_rafs_ms)),
    static_kib_sent_before_map_draws: kib(median(pick((r) => r.render.static_files.sent_bytes))),
    static_kib_decoded_before_map_draws: kib(median(pick((r) => r.render.static_files.decoded_bytes))),
    script_kib_sent_before_map_draws: kib(
      median(pick((r) => r.render.static_files.by_kind.script.sent_bytes)),
    ),
    script_kib_decoded_before_map_draws: kib(
      median(pick((r) => r.render.static_files.by_kind.script.decoded_bytes)),
    ),
    heap_after_first_render_mib: mib(median(pick((r) => r.render.heap.used))),
    heap_peak_during_load_mib: mib(median(pick((r) => r.render.heap.peak))),
    heap_after_filter_mib: mib(median(pick((r) => r.filter.heap.used))),
    heap_peak_during_filter_mib: mib(median(pick((r) => r.filter.heap.peak))),
  };
  const now = new Date().toISOString();
  writeResult(process.env.MAP_BENCH_RESULT ?? 'map', {
    command: 'npm run bench map',
    date: now,
    dataset: {
      pipes: PIPES,
      default_pipes: 100_000,
      reduced: PIPES !== 100_000,
      source: 'demo town seeded by server.ts (DEMO_CITY_PIPES), packages/engine generateCity',
      analysis:
        'fake: ROLE=api runs no worker, so the queued analysis never runs; the bench fills pipe_results in SQL ' +
        '(values spread by a hash of the pipe id, as bench/tiles.bench.mjs) and swaps it in as the job does (COMPLETE)',
      server_start_with_seed_seconds: startS,
      fake_results_seconds: fakeS,
      pipes_in_database: served.pipes,
      web_rebuilt: built,
      web_dist: process.env.MAP_BENCH_WEB_DIST ?? 'apps/web/dist (a copy)',
    },
    load_average: { before: loadBefore.map(round1), after: loadavg().map(round1) },
    browser: { executable: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', version: browser.version() },
    viewport: VIEWPORT,
    view: VIEW,
    zoom: runs[0].render.zoom,
    center: runs[0].render.center,
    filter: FILTER,
    warm_up_cold_server: warmUp.render,
    runs: {
      first_render_ms: stat((r) => r.render.ms),
      first_render: pick((r) => r.render),
      filter: pick((r) => r.filter),
      reset: pick((r) => r.reset),
    },
    medians,
    method: {
      runs: `${RUNS} measured runs after one warm-up load (reported as warm_up_cold_server); each run is a new browser context (empty HTTP cache, fresh login through the login page), so the browser fetches every tile again while the server's in-process tile cache is warm after the warm-up.`,
      clock:
        "In-page performance.now(): navigation start (the document's timeOrigin) for the first render; the click event reaching the document (capture listener) for filter changes.",
      first_render:
        'Until a MutationObserver sees data-loaded="true" on [data-testid=map] (the adapter sets it on MapLibre idle once the active source is loaded). idle_by_draw_calls_ms is the same end measured as for filters, for comparison.',
      tiles:
        'Tile requests (/api/tiles/) finished before data-loaded; transfer_bytes = encoded body bytes (Playwright request.sizes()), decoded_bytes = body after Content-Encoding. Requests come from the MapLibre worker.',
      repaint: `The map object is unreachable from the page, so "idle" is observed from outside: WebGL draw calls are counted (WebGL(2)RenderingContext.prototype.draw* wrapped) and MapLibre's worker Actor messages are tracked (Worker.prototype.postMessage + '<response>'/'<cancel>'). click_to_idle_repaint_ms = click → the last draw call of the repaint, confirmed once ${QUIET_FRAMES} animation frames pass with no draw call and no worker request in flight (setFilter makes MapLibre re-parse every loaded tile in its worker, so the first frames may still show the old tiles). click_to_two_rafs_ms = click → the second requestAnimationFrame after data-filter changed (the simple method: a lower bound). data-loaded stays "true" throughout.`,
      static_files:
        "The web app's own files (documents, scripts with the MapLibre worker, styles, icons; not /api) finished from the login page's first request until data-loaded, in a fresh browser context (empty cache). sent_bytes = body bytes on the wire (Playwright responseBodySize: compressed when the server sent br/gzip), decoded_bytes = after Content-Encoding. Before issue 41 every file went out uncompressed, so sent = decoded.",
      heap: 'performance.memory.usedJSHeapSize of the page (main thread only; MapLibre worker heaps are not included), with --enable-precise-memory-info. "peak" is the max of a 50 ms sampler during the load / from the click to the idle repaint; "used" is the value once idle.',
      machine_load:
        'Shared 2-core machine: other processes ran at the same time; SwiftShader renders WebGL on the CPU.',
    },
  });
  console.log(
    [
      '',
      `map bench — ${PIPES} pipes, ${VIEW}, ${VIEWPORT.width}x${VIEWPORT.height}, zoom ${runs[0].render.zoom}`,
      `  first render   ${medians.first_render_ms} ms median (${pick((r) => r.render.ms).join(', ')}); ` +
        `${medians.first_render_tiles} tiles, ${Math.round(medians.first_render_tile_transfer_bytes / 1024)} KiB; cold server ${warmUp.render.ms} ms`,
      `  filter 1960–90 ${medians.filter_click_to_idle_repaint_ms} ms to idle repaint (${pick((r) => r.filter.click_to_idle_repaint_ms).join(', ')}); 2 rAFs ${medians.filter_click_to_two_rafs_ms} ms`,
      `  reset          ${medians.reset_click_to_idle_repaint_ms} ms to idle repaint (${pick((r) => r.reset.click_to_idle_repaint_ms).join(', ')}); 2 rAFs ${medians.reset_click_to_two_rafs_ms} ms`,
      `  web files      ${medians.static_kib_sent_before_map_draws} KiB sent (${medians.static_kib_decoded_before_map_draws} KiB decoded) before the map drew; scripts ${medians.script_kib_sent_before_map_draws} KiB sent (${medians.script_kib_decoded_before_map_draws} KiB decoded)`,
      `  JS heap        ${medians.heap_after_first_render_mib} MiB after render (peak ${medians.heap_peak_during_load_mib}), ${medians.heap_after_filter_mib} MiB after filter (peak ${medians.heap_peak_during_filter_mib})`,
    ].join('\n'),
  );
} catch (err) {
  console.error(err);
  if (serverErr) console.error(`server stderr (tail):\n${serverErr}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
