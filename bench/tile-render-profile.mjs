// A focused look at one rendered tile (issue 41, brief H3): the densest z14 pipes tile of the 100k-pipe bench town
// rendered through the route again and again (a new revision before each, as `npm run bench tiles` does), with the
// CPU this process spent per render and a CPU profile of the renders alone (node:inspector, started after the
// seeding), interleaved with the plain ST_AsMVT peer when the route runs on PostgreSQL. Not a bench of record: it
// writes no results file, it prints medians and the profile's heaviest functions, and the .cpuprofile for a viewer.
//   node --import tsx bench/tile-render-profile.mjs            PostgreSQL (PIPEWISE_BENCH_PG_URL / PIPEWISE_TEST_PG_URL)
//   BENCH_DB=pglite node --import tsx bench/tile-render-profile.mjs
//   RENDERS (default 40), BENCH_PIPES (default 100000), PROFILE_OUT (default /tmp/tile-render-<db>.cpuprofile),
//   BENCH_KEEP=1 keeps the database; TILE_PROFILE_REUSE=<database name or PGlite folder> opens a kept one unseeded.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, openPostgres, withTenant } from '../apps/server/src/db/database.ts';
import { seedDemoCity } from '../apps/server/src/db/seed-city.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { bumpTileRevision } from '../apps/server/src/modules/datasets/datasets.repository.ts';
import { PIPE_BUFFER, propertyColumns, TILE_LAYERS } from '../apps/server/src/modules/tiles/tile-layers.ts';
import { datasetTileState, expansionKeys } from '../apps/server/src/modules/tiles/tiles.repository.ts';
import { fakePipeResultsSql } from './fake-results.mjs';
import { benchAdminUrl, injectLogin, openBenchDatabase } from './lib.mjs';

const KIND = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const PIPES = Number(process.env.BENCH_PIPES ?? 100_000);
const RENDERS = Number(process.env.RENDERS ?? 40);
const OUT = process.env.PROFILE_OUT ?? `/tmp/tile-render-${KIND}.cpuprofile`;
const PASSWORD = 'Pipewise-demo-1';
const Z = 14;
const ROOT = new URL('..', import.meta.url).href;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const r1 = (x) => Math.round(x * 10) / 10;

async function open() {
  const reuse = process.env.TILE_PROFILE_REUSE;
  if (!reuse) {
    const o = await openBenchDatabase(KIND, 'tile_profile');
    await seed(o.database);
    return o;
  }
  if (KIND === 'pglite') {
    const database = await openDatabase({ dataDir: reuse });
    return { database, dataDir: reuse, dispose: () => database.close() };
  }
  const url = new URL(benchAdminUrl);
  url.pathname = `/${reuse}`;
  const database = await openPostgres(url.toString(), 4);
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  return {
    database,
    dataDir: mkdtempSync(resolve(tmpdir(), 'pw-tile-profile-')),
    dispose: () => database.close(),
  };
}

/** The bench's town (tiles.bench.mjs seedTown): the demo city with a served fake analysis. */
async function seed(database) {
  await database.migrate();
  await seedDemo(database.db, PASSWORD);
  const city = await seedDemoCity(database.db, { pipes: PIPES });
  await withTenant(database.db, 1, async (tx) => {
    const a = await tx.execute(sql`
      INSERT INTO analyses (client_id, dataset_id, stage, progress, reason, seed, finished_at)
      VALUES (1, ${city.datasetId}, 'complete', 100, 'seed', 1, now()) RETURNING id`);
    const analysisId = Number(a.rows[0].id);
    await tx.execute(sql.raw(fakePipeResultsSql(analysisId, city.datasetId)));
    await tx.execute(sql`
      UPDATE datasets SET analysis_id = ${analysisId}, tile_revision = tile_revision + 1 WHERE id = ${city.datasetId}`);
  });
  await database.db.execute(sql`ANALYZE pipes`);
  await database.db.execute(sql`ANALYZE pipe_results`);
}

const main = await open();
const { database } = main;
let app;
try {
  const ds = await database.db.execute(sql`SELECT id, analysis_id FROM datasets ORDER BY id DESC LIMIT 1`);
  const datasetId = Number(ds.rows[0].id);
  const analysisId = Number(ds.rows[0].analysis_id);
  const tile = (
    await database.db.execute(sql`
    SELECT floor((ST_X(c) + 180) / 360 * 2 ^ ${sql.raw(String(Z))})::int AS x,
      floor((1 - ln(tan(radians(ST_Y(c))) + 1 / cos(radians(ST_Y(c)))) / pi()) / 2 * 2 ^ ${sql.raw(String(Z))})::int AS y
    FROM (SELECT ST_LineInterpolatePoint(ST_LineMerge(geom), 0.5) AS c FROM pipes
      WHERE dataset_id = ${datasetId} AND ST_NumGeometries(geom) = 1) m
    GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 1`)
  ).rows[0];
  const layer = TILE_LAYERS.pipes;
  const keys = await withTenant(database.db, 1, (tx) => expansionKeys(tx, layer, datasetId, analysisId));
  const peerSql = sql`
    WITH b AS (SELECT ST_TileEnvelope(${Z}, ${tile.x}, ${tile.y}) AS env)
    SELECT ST_AsMVT(q, 'pipes', 4096, 'geom', 'id') AS mvt FROM (
      SELECT t.id, ST_AsMVTGeom(ST_Transform(t.geom, 3857), b.env, 4096, ${PIPE_BUFFER}, true) AS geom,
        ${propertyColumns(layer, keys)}
      FROM pipes t CROSS JOIN b ${layer.joins(analysisId)}
      WHERE t.dataset_id = ${datasetId}
        AND t.geom && ST_Transform(ST_Expand(b.env, ${PIPE_BUFFER} * (ST_XMax(b.env) - ST_XMin(b.env)) / 4096), 4326)
    ) q WHERE q.geom IS NOT NULL`;

  const config = loadConfig({
    DATA_DIR: main.dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  });
  app = (await buildApp({ config, database })).app;
  await app.ready();
  const { headers: session } = await injectLogin(app, 'admin@demo.pipewise.local', PASSWORD);
  const headers = { authorization: session.authorization, cookie: session.cookie, 'accept-encoding': 'gzip' };
  const revision = async () =>
    (await withTenant(database.db, 1, (tx) => datasetTileState(tx, datasetId))).tileRevision;
  const render = async () => {
    await withTenant(database.db, 1, (tx) => bumpTileRevision(tx, datasetId));
    const url = `/api/tiles/${datasetId}/${await revision()}/pipes/${Z}/${tile.x}/${tile.y}.mvt`;
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const ms = performance.now() - t0;
    const used = process.cpuUsage(cpu);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
    return { ms, cpuMs: (used.user + used.system) / 1000, gzipped: res.rawPayload };
  };
  const peer = async () => {
    const cpu = process.cpuUsage();
    const t0 = performance.now();
    await database.db.execute(peerSql);
    const ms = performance.now() - t0;
    const used = process.cpuUsage(cpu);
    return { ms, cpuMs: (used.user + used.system) / 1000 };
  };

  for (let i = 0; i < 3; i++) {
    await render();
    if (KIND === 'postgres') await peer();
  }
  // Timed without the profiler, the route and the peer interleaved; then profiled, the route alone.
  const runs = { render: [], renderCpu: [], peer: [], peerCpu: [] };
  let gzipped;
  const loadBefore = loadavg().map(r1);
  for (let i = 0; i < RENDERS; i++) {
    const r = await render();
    runs.render.push(r.ms);
    runs.renderCpu.push(r.cpuMs);
    gzipped = r.gzipped;
    if (KIND === 'postgres') {
      const p = await peer();
      runs.peer.push(p.ms);
      runs.peerCpu.push(p.cpuMs);
    }
  }
  const inspector = new Session();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
  await inspector.post('Profiler.start');
  for (let i = 0; i < RENDERS; i++) await render();
  const { profile } = await inspector.post('Profiler.stop');
  writeFileSync(OUT, JSON.stringify(profile));
  inspector.disconnect();
  // The tile's MVT, to compare the bytes across changes and to try compressors on (TILE_OUT).
  const mvt = gunzipSync(gzipped);
  if (process.env.TILE_OUT) writeFileSync(process.env.TILE_OUT, mvt);

  console.log(
    `${KIND}: tile ${Z}/${tile.x}/${tile.y}, ${gzipped.length} bytes gzipped, MVT ${mvt.length} bytes sha256 ` +
      `${createHash('sha256').update(mvt).digest('hex').slice(0, 16)}, ${RENDERS} renders — render ${r1(median(runs.render))} ms ` +
      `(CPU here ${r1(median(runs.renderCpu))} ms)` +
      (KIND === 'postgres'
        ? `, peer ${r1(median(runs.peer))} ms (CPU here ${r1(median(runs.peerCpu))} ms), ` +
          `ratio ${Math.round((median(runs.render) / median(runs.peer)) * 100) / 100}`
        : '') +
      `; load ${loadBefore.join(' ')} → ${loadavg().map(r1).join(' ')}; profile ${OUT}`,
  );
  console.log(summarise(profile));
} finally {
  await app?.close();
  await main.dispose();
}

/** Self time of the heaviest functions, and the total per source file, of a CPU profile. */
function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i]);
    const f = n.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.replace(/^.*node_modules\//, '').replace(ROOT, '')}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const files = new Map();
  for (const [k, us] of self) {
    const file = k.split(' ').slice(1).join(' ').replace(/:\d+$/, '') || k;
    files.set(file, (files.get(file) ?? 0) + us);
  }
  const idle = self.get('(idle) :0') ?? 0;
  const lines = [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([k, us]) => `${(us / 1000 / RENDERS).toFixed(2).padStart(7)} ms/render  ${k}`);
  const perFile = [...files.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([file, us]) => `${(us / 1000 / RENDERS).toFixed(2).padStart(7)} ms/render  ${file}`);
  return [
    `profile of the renders with their revision bumps: ${(total / 1000 / RENDERS).toFixed(1)} ms/render sampled, ` +
      `idle ${(idle / 1000 / RENDERS).toFixed(1)} (self time, heaviest first)`,
    ...lines,
    'by file:',
    ...perFile,
  ].join('\n');
}
