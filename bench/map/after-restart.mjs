// The first user after a restart (issue 41: "a coloured map within 3 s of login"). The app starts as `npm start`
// starts it — API and job worker in one process, the demo accounts and town seeded, on the embedded PGlite or on
// PostgreSQL — and analyses the town for real; once the first-visit tiles are rendered (tile-prerender.ts) the
// server is stopped and started again on the same database and DATA_DIR, so its memory cache is empty and only the
// tiles on disk (tile-disk.ts) are ready. A new browser context (empty HTTP cache) then opens /map/lof, is sent to
// the login page, logs in and is taken back to the map: timed from the login click to the map's data-loaded="true"
// (the readiness signal of the first render, instrument.mjs), with every tile request and whether its tile was
// on disk, the bytes, and the other API requests of that stretch.
/* global window -- page functions run in Chromium */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { adminQuery } from '../lib.mjs';
import { kib } from '../static-bytes.mjs';
import { freePort, startServer } from './server.mjs';
import { adminUrl, databaseUrl, dbName, EMAIL, PASSWORD, RESTART_PIPES, round1 } from './settings.mjs';
import { newMapPage } from './steps.mjs';
import { tileRecorder } from './tile-recorder.mjs';

const VIEW = 'lof';
const PRERENDERED = 'first-visit tiles';
const ANALYSIS_TIMEOUT_MS = 45 * 60_000;

export const restartMethod =
  "The town is seeded and analysed as `npm start` does (API and worker in one process, DEMO_CITY_PIPES = MAP_BENCH_RESTART_PIPES, the bench's town unless told); " +
  'once the server logs the first-visit tiles (tile-prerender.ts), it is stopped (SIGTERM) and started again on the ' +
  'same database and DATA_DIR. A new browser context (empty HTTP cache) opens /map/lof, is sent to the login page, ' +
  'logs in and is brought back. click_to_coloured_map_ms: in-page clock from the login click (capture listener) to ' +
  'data-loaded="true" on the map, the readiness signal of first_render. tiles_not_on_disk: tile requests of that ' +
  'stretch whose tile was not among the prerendered files (DATA_DIR/tile-cache) — after a restart the memory cache ' +
  "is empty, so each of them was rendered on demand (or was below the layer's first zoom). load_average: before " +
  'the restart / after the login.';

const safeList = (dir) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

/** The tiles on disk: `{dataset}/{revision}/{layer}/{z}-{x}-{y}` → gzipped bytes. */
function diskTiles(dataDir) {
  const out = new Map();
  const top = path.join(dataDir, 'tile-cache');
  for (const ds of safeList(top))
    for (const rev of safeList(path.join(top, ds)))
      for (const layer of safeList(path.join(top, ds, rev)))
        for (const file of safeList(path.join(top, ds, rev, layer))) {
          const key = `${ds}/${rev.split('-')[0]}/${layer}/${file.replace('.mvt.gz', '')}`;
          out.set(key, statSync(path.join(top, ds, rev, layer, file)).size);
        }
  return out;
}
const tileKey = (url) => {
  const m = /\/api\/tiles\/(\d+)\/(\d+)\/(\w+)\/(\d+)\/(\d+)\/(\d+)\.mvt/.exec(url);
  return m ? `${m[1]}/${m[2]}/${m[3]}/${m[4]}-${m[5]}-${m[6]}` : url;
};

/**
 * Every request of the page but the tiles (the web app's files and the API): when each was asked for (ms after
 * `since`, an epoch time), how long it took and its status, so the stretch from the click to the map shows its
 * critical path.
 */
function requestRecorder(page) {
  const done = [];
  page.on('requestfinished', async (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/tiles/')) return;
    const res = await r.response();
    const t = r.timing();
    done.push({
      path: url.pathname,
      status: res?.status() ?? 0,
      start: t.startTime,
      ms: Math.round(t.responseEnd),
    });
  });
  return {
    mark: () => done.length,
    since: (n, since) =>
      done
        .slice(n)
        .map(({ start, ...r }) => ({ ...r, at_ms: Math.round(start - since) }))
        .sort((a, b) => a.at_ms - b.at_ms),
  };
}

async function logInToMap(browser, baseURL) {
  const { context, statics, page } = await newMapPage(browser, baseURL);
  try {
    const tiles = tileRecorder(page);
    const requests = requestRecorder(page);
    // A user opening the map's address is sent to the login page, which brings them back after the login.
    await page.goto(`/map/${VIEW}`);
    await page.getByTestId('login-email').fill(EMAIL);
    await page.getByTestId('login-password').fill(PASSWORD);
    const [tilesBefore, staticsBefore, requestsBefore] = [tiles.mark(), statics.mark(), requests.mark()];
    const t0 = performance.now();
    const clickEpoch = Date.now();
    await page.getByTestId('login-submit').click();
    await page.waitForFunction(() => window.__bench.loadedAt !== null, null, {
      timeout: 180_000,
      polling: 50,
    });
    const wallMs = performance.now() - t0;
    const [tilesAt, staticsAt] = [tiles.mark(), statics.mark()];
    const inPage = await page.evaluate(() => ({
      loadedAt: window.__bench.loadedAt,
      click: window.__bench.clicks.filter((c) => c <= window.__bench.loadedAt).at(-1) ?? null,
    }));
    const map = page.getByTestId('map');
    return {
      url: new URL(page.url()).pathname,
      click_to_coloured_map_ms: inPage.click == null ? null : round1(inPage.loadedAt - inPage.click),
      wall_ms_from_click: round1(wallMs),
      zoom: Number(await map.getAttribute('data-zoom')),
      center: await map.getAttribute('data-center'),
      tiles: await tiles.summary(tilesBefore, tilesAt),
      timed_tiles: tiles.timed(tilesBefore, tilesAt, clickEpoch),
      static_files: await statics.summary(staticsBefore, staticsAt),
      requests: requests.since(requestsBefore, clickEpoch),
    };
  } finally {
    await context.close();
  }
}

/**
 * The first start: seeds the town and analyses it; resolves once the first-visit tiles are rendered, the server
 * stopped. MAP_BENCH_RESTART_FROM (PGlite only, to try a change without analysing again): a DATA_DIR kept by an
 * earlier run is copied instead, or, when that folder does not exist yet, this run's is kept there.
 */
async function analyse(backend, port, env) {
  const from = backend === 'pglite' ? process.env.MAP_BENCH_RESTART_FROM : undefined;
  if (from && existsSync(from)) {
    cpSync(from, env.DATA_DIR, { recursive: true });
    return { seconds: null, prerender: { copied_from: from } };
  }
  const t0 = performance.now();
  const { server } = await startServer(port, env);
  try {
    let timer;
    const line = await Promise.race([
      server.waitForLog(PRERENDERED),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no prerender within 45 min')), ANALYSIS_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    const seconds = Math.round(performance.now() - t0) / 1000;
    const logged = JSON.parse(line.slice(line.indexOf('{')));
    console.error(`${backend}: analysed and first-visit tiles rendered in ${seconds} s; restarting`);
    return { seconds, prerender: { message: logged.msg, tiles: logged.tiles, ms: logged.ms } };
  } finally {
    await server.stop();
    if (from) cpSync(env.DATA_DIR, from, { recursive: true });
  }
}

/** The whole story on one backend ('pglite' or 'postgres'): seed, analyse, restart, the first user's login. */
export async function firstUserAfterRestart(browser, backend, webDist) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `pw-bench-map-restart-${backend}-`));
  const db = backend === 'postgres' ? `${dbName}_restart` : null;
  let server = null;
  try {
    if (db) {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await adminQuery(adminUrl, `CREATE DATABASE ${db}`);
    }
    const env = {
      DATABASE_URL: db ? databaseUrl(db) : undefined,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      DEMO_CITY_PIPES: String(RESTART_PIPES),
      // npm start's: API and worker in one process. `info`: the prerender's line says when the tiles are on disk.
      ROLE: undefined,
      LOG_LEVEL: 'info',
    };
    const port = await freePort();
    const first = await analyse(backend, port, env);
    const onDisk = diskTiles(dataDir);
    const load = loadavg().map(round1);
    const started = await startServer(port, env);
    server = started.server;
    const user = await logInToMap(browser, `http://127.0.0.1:${port}`);
    const uncached = user.timed_tiles.filter((t) => !onDisk.has(tileKey(t.url)));
    console.error(
      `${backend}: first user after a restart: ${user.click_to_coloured_map_ms} ms from the login click, ` +
        `${user.tiles.count} tiles (${uncached.length} not on disk)`,
    );
    return {
      backend,
      load_average: { before: load, after: loadavg().map(round1) },
      seed_analysis_prerender_seconds: first.seconds,
      prerender: { ...first.prerender, on_disk: onDisk.size },
      prerendered_kib: kib([...onDisk.values()].reduce((a, b) => a + b, 0)),
      restart_seconds: started.seconds,
      url: user.url,
      click_to_coloured_map_ms: user.click_to_coloured_map_ms,
      wall_ms_from_click: user.wall_ms_from_click,
      zoom: user.zoom,
      center: user.center,
      tiles: user.tiles,
      tiles_not_on_disk: { count: uncached.length, tiles: uncached },
      tile_requests: user.timed_tiles,
      static_files: user.static_files,
      api_requests: user.requests.filter((r) => r.path.startsWith('/api/')),
      web_files: user.requests.filter((r) => !r.path.startsWith('/api/')),
    };
  } finally {
    await server?.stop().catch((e) => console.error('stopping the server:', e));
    if (db) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}
