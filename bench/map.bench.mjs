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
// Then the first user after a restart (issue 41, bench/map/after-restart.mjs): the same town started as `npm start`
// starts it, analysed for real, restarted, and timed from the login click to a coloured /map/lof, on PGlite and on
// PostgreSQL (first_user_after_restart in the results file). MAP_BENCH_PART=restart runs only that part and puts it
// into the results file already there; MAP_BENCH_PART=map leaves it out; MAP_BENCH_RESTART_BACKENDS (default
// pglite,postgres) the backends it runs on; MAP_BENCH_RESTART_PIPES its town's size (default MAP_BENCH_PIPES);
// MAP_BENCH_RESTART_FROM a PGlite DATA_DIR analysed by an earlier run (after-restart.mjs).
// The pieces live in bench/map/: settings, the server process, the fake analysis, the in-page instrumentation, the
// user's steps, the tile recorder, the first user after a restart, and the figures written.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ensureWebBuild } from '../scripts/web-build.mjs';
import { adminQuery, writeResult } from './lib.mjs';
import { firstUserAfterRestart, restartMethod } from './map/after-restart.mjs';
import { launchBrowser } from './map/browser.mjs';
import { serveFakeResults } from './map/fake-analysis.mjs';
import { mapMedians, mapResult, mapSummary } from './map/report.mjs';
import { copyWebDist, freePort, startServer } from './map/server.mjs';
import { adminUrl, databaseUrl, dbName, PIPES, RESTART_PIPES, RUNS } from './map/settings.mjs';
import { oneRun } from './map/steps.mjs';

const PART = process.env.MAP_BENCH_PART ?? 'all';
if (!['all', 'map', 'restart'].includes(PART))
  throw new Error(`MAP_BENCH_PART: all, map or restart, not ${PART}`);
const BACKENDS = (process.env.MAP_BENCH_RESTART_BACKENDS ?? 'pglite,postgres').split(',');
const RESULT = process.env.MAP_BENCH_RESULT ?? 'map';
const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-bench-map-'));
const admin = (query) => adminQuery(adminUrl, query);

let browser = null;
let server = null;
let cleaned = false;
async function cleanup() {
  if (cleaned) return;
  cleaned = true;
  await browser?.close().catch(() => {});
  await server?.stop().catch((e) => console.error('stopping the server:', e));
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => console.error('drop:', e));
  rmSync(dataDir, { recursive: true, force: true });
}
for (const sig of ['SIGINT', 'SIGTERM'])
  process.once(sig, () => {
    console.error(`${sig}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });

/** The map on the town with fake results: first render, filter and reset (the figures since issue 5). */
async function mapFigures(webDist, built) {
  const loadBefore = loadavg();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${dbName}`);
  const port = await freePort();
  const started = await startServer(port, {
    DATABASE_URL: databaseUrl(dbName),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    DEMO_CITY_PIPES: String(PIPES),
    // No job worker: the seeded analysis stays queued (see the header).
    ROLE: 'api',
  });
  server = started.server;
  const startS = started.seconds;
  console.error(`server up with ${PIPES} pipes in ${startS} s`);
  const t0 = performance.now();
  const served = await serveFakeResults(databaseUrl(dbName));
  const fakeS = Math.round(performance.now() - t0) / 1000;
  console.error(`fake results of analysis ${served.analysisId} served in ${fakeS} s`);
  const baseURL = `http://127.0.0.1:${port}`;
  const warmUp = await oneRun(browser, baseURL, 'warm-up');
  const runs = [];
  for (let i = 1; i <= RUNS; i++) runs.push(await oneRun(browser, baseURL, `run ${i}`));
  await server.stop();
  server = null;
  const medians = mapMedians(runs);
  const loadAfter = loadavg();
  const body = mapResult({
    runs,
    warmUp,
    medians,
    startS,
    fakeS,
    served,
    built,
    loadBefore,
    loadAfter,
    browser,
  });
  return { body, summary: mapSummary({ runs, warmUp, medians }) };
}

/** The results file already written, less what writeResult adds: the figures a restart-only run keeps. */
function previousResult() {
  const file = path.resolve(import.meta.dirname, 'results', `${RESULT}.json`);
  if (!existsSync(file)) return {};
  const previous = JSON.parse(readFileSync(file, 'utf8'));
  // writeResult writes them again.
  for (const key of ['name', 'at', 'machine']) delete previous[key];
  return previous;
}

/** The command of this part with the settings that shaped it. */
function restartCommand() {
  const names = [
    'MAP_BENCH_PART',
    'MAP_BENCH_RESTART_PIPES',
    'MAP_BENCH_RESTART_BACKENDS',
    'MAP_BENCH_RESTART_FROM',
  ];
  const set = names.filter((n) => process.env[n] !== undefined).map((n) => `${n}=${process.env[n]}`);
  return [...set, 'npm run bench map'].join(' ');
}

try {
  const built = process.env.MAP_BENCH_WEB_DIST ? false : ensureWebBuild();
  const webDist = process.env.MAP_BENCH_WEB_DIST ?? (await copyWebDist(dataDir));
  browser = await launchBrowser();
  const map =
    PART === 'restart' ? { body: previousResult(), summary: null } : await mapFigures(webDist, built);
  const body = { ...map.body };
  if (PART !== 'map') {
    const runs = [];
    for (const backend of BACKENDS) runs.push(await firstUserAfterRestart(browser, backend, webDist));
    body.first_user_after_restart = {
      date: new Date().toISOString(),
      command: restartCommand(),
      pipes: RESTART_PIPES,
      goal_ms: 3000,
      method: restartMethod,
      runs,
    };
  }
  writeResult(RESULT, body);
  if (map.summary) console.log(map.summary);
  for (const r of body.first_user_after_restart?.runs ?? [])
    console.log(
      `  first user after a restart (${r.backend}): ${r.click_to_coloured_map_ms} ms login click → coloured /map/lof; ` +
        `${r.tiles.count} tiles, ${r.tiles_not_on_disk.count} not on disk, ${Math.round(r.tiles.transfer_bytes / 1024)} KiB; ` +
        `load ${r.load_average.before.join(' ')}`,
    );
} catch (err) {
  console.error(err);
  if (server) console.error(`server stderr (tail):\n${server.err()}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
