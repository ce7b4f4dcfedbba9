// Vector tiles of a 100k-pipe town on PostgreSQL (issue 4): the demo town of seed-city.ts (packages/engine
// generateCity) with fake analysis results made in SQL from its pipes, and the z14 tile with the most pipes.
// Measures that tile through the HTTP route — first request (cold: nothing cached, PostgreSQL pages and plans
// cold), second (same revision: tile cache), a stale revision (rendered every time, warm database) — and the two
// encoders side by side: SQL rows + vt-pbf in Node (the PGlite path) and ST_AsMVT over the same rows.
//   PIPEWISE_BENCH_PG_URL (or PIPEWISE_TEST_PG_URL) names the server; BENCH_PIPES the size (default 100000).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres, withTenant } from '../apps/server/src/db/database.ts';
import { seedDemoCity } from '../apps/server/src/db/seed-city.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { encodeTile } from '../apps/server/src/modules/tiles/encode.ts';
import { TILE_LAYERS } from '../apps/server/src/modules/tiles/tile-layers.ts';
import {
  datasetTileState,
  tileFeatures,
  tileMvt,
} from '../apps/server/src/modules/tiles/tiles.repository.ts';
import { fakePipeResultsSql } from './fake-results.mjs';
import { adminQuery, injectLogin, writeResult } from './lib.mjs';

const adminUrl =
  process.env.PIPEWISE_BENCH_PG_URL ??
  process.env.PIPEWISE_TEST_PG_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const PIPES = Number(process.env.BENCH_PIPES ?? 100_000);
const RUNS = 5;
const Z = 14;
const PASSWORD = 'Pipewise-demo-1';
const dbName = `pw_bench_tiles_${process.pid}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-bench-tiles-'));

const ms = (t0) => Math.round((performance.now() - t0) * 10) / 10;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(fn) {
  const t0 = performance.now();
  const value = await fn();
  return { ms: ms(t0), value };
}

const admin = (query) => adminQuery(adminUrl, query);

/** One COMPLETE analysis with results for every pipe, values spread by a hash of the pipe id. */
async function fakeResults(db, datasetId) {
  await withTenant(db, 1, async (tx) => {
    const a = await tx.execute(sql`
      INSERT INTO analyses (client_id, dataset_id, stage, progress, reason, seed, finished_at)
      VALUES (1, ${datasetId}, 'complete', 100, 'seed', 1, now()) RETURNING id`);
    const analysisId = Number(a.rows[0].id);
    await tx.execute(sql.raw(fakePipeResultsSql(analysisId, datasetId)));
    await tx.execute(sql`
      UPDATE datasets SET analysis_id = ${analysisId}, tile_revision = tile_revision + 1 WHERE id = ${datasetId}`);
  });
  await db.execute(sql`ANALYZE pipes`);
  await db.execute(sql`ANALYZE pipe_results`);
}

/** The z14 tile holding the most pipe midpoints. */
async function densestTile(db, datasetId) {
  const r = await withTenant(db, 1, (tx) =>
    tx.execute(sql`
      SELECT floor((ST_X(c) + 180) / 360 * 2 ^ ${sql.raw(String(Z))})::int AS x,
        floor((1 - ln(tan(radians(ST_Y(c))) + 1 / cos(radians(ST_Y(c)))) / pi()) / 2 * 2 ^ ${sql.raw(String(Z))})::int AS y,
        count(*)::int AS pipes
      FROM (SELECT ST_LineInterpolatePoint(ST_LineMerge(geom), 0.5) AS c FROM pipes
        WHERE dataset_id = ${datasetId} AND ST_NumGeometries(geom) = 1) m
      GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 1`),
  );
  return r.rows[0];
}

async function encoders(db, datasetId, t) {
  const layer = TILE_LAYERS.pipes;
  const node = [];
  const mvt = [];
  let nodeBytes = null;
  let mvtBytes = null;
  let features = 0;
  for (let i = 0; i < RUNS; i++) {
    await withTenant(db, 1, async (tx) => {
      const ds = await datasetTileState(tx, datasetId);
      const at = { datasetId, analysisId: ds.analysisId, ...t };
      const q = await timed(() => tileFeatures(tx, layer, at));
      const e = await timed(() => encodeTile('pipes', q.value));
      node.push({ sql: q.ms, encode: e.ms, total: Math.round((q.ms + e.ms) * 10) / 10 });
      features = q.value.length;
      nodeBytes = e.value;
      const m = await timed(() => tileMvt(tx, 'pipes', layer, at));
      mvt.push(m.ms);
      mvtBytes = m.value;
    });
  }
  return {
    features,
    node_sql_vtpbf_ms: {
      median_total: median(node.map((r) => r.total)),
      median_sql: median(node.map((r) => r.sql)),
      median_encode: median(node.map((r) => r.encode)),
      all_total: node.map((r) => r.total),
    },
    st_asmvt_ms: { median: median(mvt), all: mvt },
    bytes: {
      vtpbf: nodeBytes.length,
      vtpbf_gzip: gzipSync(nodeBytes).length,
      st_asmvt: mvtBytes.length,
      st_asmvt_gzip: gzipSync(mvtBytes).length,
      per_feature_gzip: Math.round(gzipSync(mvtBytes).length / features),
    },
  };
}

await admin(`CREATE DATABASE ${dbName}`);
const target = new URL(adminUrl);
target.pathname = `/${dbName}`;
const database = await openPostgres(target.toString(), 4);
let app;
try {
  const t0 = performance.now();
  await database.migrate();
  await seedDemo(database.db, PASSWORD);
  const city = await seedDemoCity(database.db, { pipes: PIPES });
  const datasetId = city.datasetId;
  await fakeResults(database.db, datasetId);
  const setupS = Math.round(performance.now() - t0) / 1000;
  const tile = await densestTile(database.db, datasetId);
  const t = { z: Z, x: tile.x, y: tile.y };

  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' });
  app = (await buildApp({ config, database })).app;
  await app.ready();
  // The bearer and a CSRF token bound to its session (issue 37): a cookie the server did not sign would be
  // replaced on every answer, and the bench would time that too.
  const { headers } = await injectLogin(app, 'admin@demo.pipewise.local', PASSWORD);
  const rev = await withTenant(database.db, 1, (tx) => datasetTileState(tx, datasetId));
  const get = async (revision) => {
    const url = `/api/tiles/${datasetId}/${revision}/pipes/${t.z}/${t.x}/${t.y}.mvt`;
    const r = await timed(() =>
      app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'gzip' } }),
    );
    if (r.value.statusCode !== 200) throw new Error(`${url}: ${r.value.statusCode} ${r.value.body}`);
    return { ms: r.ms, gzip_bytes: r.value.rawPayload.length, cache: r.value.headers['cache-control'] };
  };
  const cold = await get(rev.tileRevision);
  const cached = await get(rev.tileRevision);
  const stale = [];
  for (let i = 0; i < RUNS; i++) stale.push((await get(rev.tileRevision - 1)).ms);
  const props = await timed(() =>
    app.inject({ method: 'GET', url: `/api/datasets/${datasetId}/tile-properties`, headers }),
  );
  const propsAgain = await timed(() =>
    app.inject({ method: 'GET', url: `/api/datasets/${datasetId}/tile-properties`, headers }),
  );
  const raw = await encoders(database.db, datasetId, t);
  writeResult('tiles', {
    command: 'npm run bench tiles',
    backend: 'postgres',
    pipes: city.pipes,
    setup_seconds: setupS,
    tile: { ...t, pipes_with_midpoint_inside: tile.pipes, layer: 'pipes' },
    http_route: {
      cold_first_request_ms: cold.ms,
      cached_second_request_ms: cached.ms,
      stale_revision_rendered_ms: { median: median(stale), all: stale },
      gzip_bytes: cold.gzip_bytes,
      cache_control: cold.cache,
      route_encoder: 'ST_AsMVT (PostgreSQL)',
    },
    tile_properties_ms: {
      first: props.ms,
      cached: propsAgain.ms,
      names: props.value.json().valid_feature_props.length,
    },
    encoders: raw,
    note:
      'Same SQL rows for both encoders (clip, affine to tile space, snap, jsonb properties); "cached" is the ' +
      "server's in-process tile cache of the current revision; a stale revision is rendered on every request.",
  });
} finally {
  await app?.close();
  await database.close();
  // BENCH_KEEP_DB=1 leaves the database for EXPLAIN ANALYZE.
  if (process.env.BENCH_KEEP_DB) console.error(`kept database ${dbName}`);
  else await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}
