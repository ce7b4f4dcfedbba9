// Vector tiles of a 100k-pipe town against their peers, measured honestly (issue 41). The demo town of seed-city.ts
// (packages/engine generateCity) gets fake analysis results made in SQL (fake-results.mjs); the z14 tile with the
// most pipes is asked for through the HTTP route, and every figure says what it measures:
//   peer_ms                  a plain ST_AsMVT query of the same features and attributes (ST_AsMVTGeom, the same
//                            property expressions, no tenant transaction, no gzip) on PostgreSQL, in this process
//   render_new_revision_ms   the route after a new revision (nothing cached): authorisation, SQL, encoding, gzip
//   stale_revision_render_ms an open map's old revision after another swap: answered with the new revision's tile,
//                            not cached yet, so rendered
//   cached_ms                the route for a tile in the cache (no database round trip, tile-access.ts)
// interleaved run by run, so a change of machine load touches both sides; then the throughput of 20 concurrent
// keep-alive clients for the cached tile against a plain Node http server sending the same bytes (the load made by a
// child process, bench/tile-load.mjs, so it does not share the servers' event loop), alternated: the app (a hit
// answered in front of Fastify, tile-hits.ts), the same URL with a query string (which sends it through Fastify's
// route, the path before), and the plain server; with the CPU time per request each server spent.
//   BENCH_DB=pglite runs the route on PGlite (Node encodes, encode.ts; PGlite has no ST_AsMVT), the peer still on
//   PostgreSQL with the same town; PIPEWISE_BENCH_PG_URL (or PIPEWISE_TEST_PG_URL) names the server; BENCH_PIPES the
//   size (default 100000). Writes bench/results/tiles.json (PostgreSQL) or tiles-pglite.json.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { withTenant } from '../apps/server/src/db/database.ts';
import { seedDemoCity } from '../apps/server/src/db/seed-city.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { bumpTileRevision } from '../apps/server/src/modules/datasets/datasets.repository.ts';
import { PIPE_BUFFER, propertyColumns, TILE_LAYERS } from '../apps/server/src/modules/tiles/tile-layers.ts';
import { datasetTileState, expansionKeys } from '../apps/server/src/modules/tiles/tiles.repository.ts';
import { fakePipeResultsSql } from './fake-results.mjs';
import { injectLogin, openBenchDatabase, writeResult } from './lib.mjs';

const KIND = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const PIPES = Number(process.env.BENCH_PIPES ?? 100_000);
const RUNS = 7;
const CACHED_PER_RUN = 10;
const LOAD_MS = 3000;
const LOAD_ROUNDS = 5;
const CLIENTS = 20;
const Z = 14;
const PASSWORD = 'Pipewise-demo-1';

const round1 = (x) => Math.round(x * 10) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () => loadavg().map((x) => round1(x));
async function timed(fn) {
  const t0 = performance.now();
  const value = await fn();
  return { ms: round1(performance.now() - t0), value };
}

/** The town, its fake served analysis (as the job's swap leaves it) and fresh statistics. */
async function seedTown(database) {
  await database.migrate();
  await seedDemo(database.db, PASSWORD);
  const city = await seedDemoCity(database.db, { pipes: PIPES });
  const datasetId = city.datasetId;
  await withTenant(database.db, 1, async (tx) => {
    const a = await tx.execute(sql`
      INSERT INTO analyses (client_id, dataset_id, stage, progress, reason, seed, finished_at)
      VALUES (1, ${datasetId}, 'complete', 100, 'seed', 1, now()) RETURNING id`);
    const analysisId = Number(a.rows[0].id);
    await tx.execute(sql.raw(fakePipeResultsSql(analysisId, datasetId)));
    await tx.execute(sql`
      UPDATE datasets SET analysis_id = ${analysisId}, tile_revision = tile_revision + 1 WHERE id = ${datasetId}`);
  });
  await database.db.execute(sql`ANALYZE pipes`);
  await database.db.execute(sql`ANALYZE pipe_results`);
  return { datasetId, pipes: city.pipes };
}

/** The z14 tile holding the most pipe midpoints. */
async function densestTile(db, datasetId) {
  const r = await db.execute(sql`
    SELECT floor((ST_X(c) + 180) / 360 * 2 ^ ${sql.raw(String(Z))})::int AS x,
      floor((1 - ln(tan(radians(ST_Y(c))) + 1 / cos(radians(ST_Y(c)))) / pi()) / 2 * 2 ^ ${sql.raw(String(Z))})::int AS y,
      count(*)::int AS pipes
    FROM (SELECT ST_LineInterpolatePoint(ST_LineMerge(geom), 0.5) AS c FROM pipes
      WHERE dataset_id = ${datasetId} AND ST_NumGeometries(geom) = 1) m
    GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`);
  return r.rows[0];
}

/**
 * The peer: what a plain PostGIS tile server would run for the same features and attributes — ST_AsMVTGeom and
 * ST_AsMVT over the pipes joined to their results, the same property expressions, as the connecting role (no
 * tenant transaction, no row-level security), not gzipped.
 */
async function peerQuery(peer, t) {
  const layer = TILE_LAYERS.pipes;
  const st = (await peer.db.execute(sql`SELECT analysis_id FROM datasets WHERE id = ${peer.datasetId}`))
    .rows[0];
  const analysisId = Number(st.analysis_id);
  const keys = await withTenant(peer.db, 1, (tx) => expansionKeys(tx, layer, peer.datasetId, analysisId));
  const q = sql`
    WITH b AS (SELECT ST_TileEnvelope(${t.z}, ${t.x}, ${t.y}) AS env)
    SELECT ST_AsMVT(q, 'pipes', 4096, 'geom', 'id') AS mvt FROM (
      SELECT t.id, ST_AsMVTGeom(ST_Transform(t.geom, 3857), b.env, 4096, ${PIPE_BUFFER}, true) AS geom,
        ${propertyColumns(layer, keys)}
      FROM pipes t CROSS JOIN b ${layer.joins(analysisId)}
      WHERE t.dataset_id = ${peer.datasetId}
        AND t.geom && ST_Transform(ST_Expand(b.env, ${PIPE_BUFFER} * (ST_XMax(b.env) - ST_XMin(b.env)) / 4096), 4326)
    ) q WHERE q.geom IS NOT NULL`;
  return async () => {
    const r = await peer.db.execute(q);
    return r.rows[0].mvt;
  };
}

/**
 * Requests per second of CLIENTS keep-alive clients for LOAD_MS, from a child process, and the CPU time this process
 * (the server under test: both servers live here, the load does not) spent per request — on a shared machine the
 * throughput follows the share of the cores the server gets, the CPU per request much less.
 */
function throughput(url, headers) {
  const cpu = process.cpuUsage();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        new URL('./tile-load.mjs', import.meta.url).pathname,
        url,
        JSON.stringify(headers),
        String(LOAD_MS),
        String(CLIENTS),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', () => {
      const r = JSON.parse(out);
      const used = process.cpuUsage(cpu);
      resolve({
        per_second: Math.round((r.requests / r.ms) * 1000),
        cpu_us_per_request: Math.round((used.user + used.system) / Math.max(1, r.requests)),
        errors: r.errors,
      });
    });
  });
}

const listen = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

const opened = [];
let app;
let plain;
try {
  const t0 = performance.now();
  const main = await openBenchDatabase(KIND, 'tiles');
  opened.push(main);
  const town = await seedTown(main.database);
  // The peer runs on PostgreSQL: on PGlite (no ST_AsMVT) a PostgreSQL database with the same town.
  let peerDb = main.database;
  let peerDatasetId = town.datasetId;
  if (KIND === 'pglite') {
    const pgPeer = await openBenchDatabase('postgres', 'tiles_peer');
    opened.push(pgPeer);
    peerDb = pgPeer.database;
    peerDatasetId = (await seedTown(peerDb)).datasetId;
  }
  const setupS = Math.round(performance.now() - t0) / 1000;
  const datasetId = town.datasetId;
  const tile = await densestTile(main.database.db, datasetId);
  const t = { z: Z, x: tile.x, y: tile.y };
  const peer = await peerQuery({ db: peerDb.db, datasetId: peerDatasetId }, t);

  const config = loadConfig({
    DATA_DIR: main.dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  });
  app = (await buildApp({ config, database: main.database })).app;
  await app.ready();
  // The bearer and the CSRF cookie bound to its session, as a browser sends them with every tile: without the cookie
  // the CSRF hook verifies the bearer and issues a new cookie on every answer (plugins/csrf.ts), and that is timed.
  const { headers: session } = await injectLogin(app, 'admin@demo.pipewise.local', PASSWORD);
  const headers = { authorization: session.authorization, cookie: session.cookie, 'accept-encoding': 'gzip' };
  const revision = async () =>
    (await withTenant(main.database.db, 1, (tx) => datasetTileState(tx, datasetId))).tileRevision;
  const bump = () => withTenant(main.database.db, 1, (tx) => bumpTileRevision(tx, datasetId));
  const get = async (rev) => {
    const url = `/api/tiles/${datasetId}/${rev}/pipes/${t.z}/${t.x}/${t.y}.mvt`;
    // The body as a client takes it: bytes. Without payloadAsStream light-my-request also decodes the gzipped
    // body as a UTF-8 string, ~1.9 ms of a render or a hit that no HTTP client spends (issue 41).
    const r = await timed(async () => {
      const res = await app.inject({ method: 'GET', url, headers, payloadAsStream: true });
      const chunks = [];
      for await (const chunk of res.stream()) chunks.push(chunk);
      return { res, body: Buffer.concat(chunks) };
    });
    const { res, body } = r.value;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${body.toString()}`);
    return { ms: r.ms, bytes: body, cache: res.headers['cache-control'] };
  };

  const loadBefore = load();
  const first = await get(await revision());
  const firstPeer = await timed(peer);
  const runs = { peer: [], peerGzip: [], render: [], stale: [], cached: [] };
  let mvt = null;
  for (let i = 0; i < RUNS; i++) {
    const p = await timed(peer);
    mvt = p.value;
    runs.peer.push(p.ms);
    runs.peerGzip.push(round1(p.ms + (await timed(() => gzipSync(p.value))).ms));
    await bump();
    const rev = await revision();
    runs.render.push((await get(rev)).ms);
    const hits = [];
    for (let k = 0; k < CACHED_PER_RUN; k++) hits.push((await get(rev)).ms);
    runs.cached.push(median(hits));
    await bump();
    const stale = await get(rev);
    if (!stale.cache.includes('no-store')) throw new Error('the old revision was answered as current');
    runs.stale.push(stale.ms);
  }
  const rev = await revision();
  const served = await get(rev);

  // Throughput of the cached tile: the app on a real port against a plain server sending the same bytes.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = app.server.address().port;
  plain = http.createServer((req, res) => {
    res.writeHead(200, {
      'content-type': 'application/vnd.mapbox-vector-tile',
      'content-encoding': 'gzip',
      'cache-control': 'private, max-age=31536000, immutable',
      vary: 'accept-encoding',
      'content-length': served.bytes.length,
    });
    res.end(served.bytes);
  });
  const plainPort = await listen(plain);
  const path = `/api/tiles/${datasetId}/${rev}/pipes/${t.z}/${t.x}/${t.y}.mvt`;
  const loadDuring = load();
  const rounds = [];
  for (let i = 0; i < LOAD_ROUNDS; i++) {
    const ours = await throughput(`http://127.0.0.1:${port}${path}`, headers);
    // The same tile through Fastify's route, as every hit went before the hit path (tile-hits.ts leaves a query
    // string to the route, which ignores it): the before figure, measured in the same run under the same load.
    const routed = await throughput(`http://127.0.0.1:${port}${path}?via=route`, headers);
    const theirs = await throughput(`http://127.0.0.1:${plainPort}${path}`, {});
    rounds.push({
      app: ours.per_second,
      route: routed.per_second,
      plain: theirs.per_second,
      app_cpu_us: ours.cpu_us_per_request,
      route_cpu_us: routed.cpu_us_per_request,
      plain_cpu_us: theirs.cpu_us_per_request,
      errors: ours.errors + routed.errors + theirs.errors,
    });
  }
  const appRps = median(rounds.map((r) => r.app));
  const plainRps = median(rounds.map((r) => r.plain));
  const routeRps = median(rounds.map((r) => r.route));
  const routeCpu = median(rounds.map((r) => r.route_cpu_us));
  const appCpu = median(rounds.map((r) => r.app_cpu_us));
  const plainCpu = median(rounds.map((r) => r.plain_cpu_us));

  const m = {
    peer: median(runs.peer),
    peerGzip: median(runs.peerGzip),
    render: median(runs.render),
    stale: median(runs.stale),
    cached: median(runs.cached),
  };
  const ratio = (x, y) => Math.round((x / y) * 100) / 100;
  writeResult(KIND === 'pglite' ? 'tiles-pglite' : 'tiles', {
    command: `${KIND === 'pglite' ? 'BENCH_DB=pglite ' : ''}npm run bench tiles`,
    backend: KIND,
    peer_backend: 'postgres',
    pipes: town.pipes,
    setup_seconds: setupS,
    load_average: { before: loadBefore, during_throughput: loadDuring, after: load() },
    tile: { ...t, pipes_with_midpoint_inside: tile.pipes, layer: 'pipes', gzip_bytes: served.bytes.length },
    peer_bytes: { mvt: mvt.length, gzip: gzipSync(mvt).length },
    first_request_fresh_server_ms: first.ms,
    first_peer_ms: firstPeer.ms,
    medians_ms: {
      peer_plain_st_asmvt: m.peer,
      peer_plain_st_asmvt_plus_gzip: m.peerGzip,
      render_new_revision: m.render,
      stale_revision_render: m.stale,
      cached: m.cached,
    },
    ratios: {
      render_vs_peer: ratio(m.render, m.peer),
      render_vs_peer_gzipped: ratio(m.render, m.peerGzip),
      stale_render_vs_peer: ratio(m.stale, m.peer),
      cached_throughput_vs_plain_server: ratio(appRps, plainRps),
      cached_cpu_per_request_plain_vs_app: ratio(plainCpu, appCpu),
      route_throughput_vs_plain_server: ratio(routeRps, plainRps),
      route_cpu_per_request_plain_vs_route: ratio(plainCpu, routeCpu),
    },
    throughput_20_clients: {
      app_per_second: appRps,
      plain_per_second: plainRps,
      route_per_second: routeRps,
      app_cpu_us_per_request: appCpu,
      route_cpu_us_per_request: routeCpu,
      plain_cpu_us_per_request: plainCpu,
      rounds,
    },
    runs_ms: runs,
    note:
      'Interleaved run by run. The route renders in a tenant transaction (row-level security) and gzips; the peer ' +
      'is one plain query. On PGlite the route encodes in Node (encode.ts, pbf), the peer is ST_AsMVT on PostgreSQL.',
  });
  console.log(
    `\n${KIND}: render ${m.render} ms vs peer ${m.peer} ms (${ratio(m.render, m.peer)}×; ` +
      `${ratio(m.render, m.peerGzip)}× a gzipped peer), stale revision → render ${m.stale} ms, cached ${m.cached} ms; ` +
      `20 clients: ${appRps}/s vs plain ${plainRps}/s (${ratio(appRps, plainRps)}×), CPU per request ${appCpu} µs vs ` +
      `plain ${plainCpu} µs; through the route ${routeRps}/s (${ratio(routeRps, plainRps)}×), ${routeCpu} µs; ` +
      `load ${load().join(' ')}`,
  );
} finally {
  plain?.close();
  await app?.close();
  for (const o of opened.reverse()) await o.dispose();
}
