// Export files of a 100k-pipe town on PostgreSQL (issue 17: the LOF export as GeoPackage and as zipped Shapefile
// under 30 s each). The demo town of seed-city.ts with fake analysis results made in SQL (as tiles.bench.mjs),
// an export asked through the HTTP route, then the job's own function timed (read pages, build, write to
// DATA_DIR/exports), per format; the file size, the peak memory of the process, and — when GDAL's ogrinfo is
// installed — the feature count GDAL reads back.
//   PIPEWISE_BENCH_PG_URL (or PIPEWISE_TEST_PG_URL) names the server; BENCH_PIPES the size (default 100000).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres, withSystem, withTenant } from '../apps/server/src/db/database.ts';
import { seedDemoCity } from '../apps/server/src/db/seed-city.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { exportsDir, runExportFile } from '../apps/server/src/modules/exports/export-file.job.ts';
import { fakePipeResultsSql } from './fake-results.mjs';
import { adminQuery, benchAdminUrl, injectLogin, writeResult } from './lib.mjs';

const PIPES = Number(process.env.BENCH_PIPES ?? 100_000);
const FORMATS = ['gpkg', 'shp', 'geojson', 'csv'];
const PASSWORD = 'Pipewise-demo-1';
const EMAIL = 'admin@demo.pipewise.local';
const dbName = `pw_bench_export_${process.pid}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-bench-export-'));
const admin = (query) => adminQuery(benchAdminUrl, query);

const peakRssMib = () =>
  Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024);

/** One COMPLETE analysis with results for every pipe (bench/fake-results.mjs). */
async function fakeResults(db, datasetId) {
  await withTenant(db, 1, async (tx) => {
    const a = await tx.execute(sql`
      INSERT INTO analyses (client_id, dataset_id, stage, progress, reason, seed, finished_at)
      VALUES (1, ${datasetId}, 'complete', 100, 'seed', 1, now()) RETURNING id`);
    const analysisId = Number(a.rows[0].id);
    await tx.execute(sql.raw(fakePipeResultsSql(analysisId, datasetId)));
    await tx.execute(sql`UPDATE datasets SET analysis_id = ${analysisId} WHERE id = ${datasetId}`);
  });
  await db.execute(sql`ANALYZE pipes`);
  await db.execute(sql`ANALYZE pipe_results`);
}

/** GDAL's feature count of the file, or null without ogrinfo. */
function gdalCount(file, format) {
  try {
    const where = format === 'shp' ? `/vsizip/${file}` : file;
    const out = execFileSync('ogrinfo', ['-ro', '-so', '-al', where], { encoding: 'utf8' });
    return Number(/Feature Count: (\d+)/.exec(out)?.[1]);
  } catch {
    return null;
  }
}

await admin(`CREATE DATABASE ${dbName}`);
const target = new URL(benchAdminUrl);
target.pathname = `/${dbName}`;
const database = await openPostgres(target.toString(), 4);
let app;
try {
  const t0 = performance.now();
  await database.migrate();
  await seedDemo(database.db, PASSWORD);
  const city = await seedDemoCity(database.db, { pipes: PIPES });
  await fakeResults(database.db, city.datasetId);
  const setupS = Math.round(performance.now() - t0) / 1000;

  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' });
  app = (await buildApp({ config, database })).app;
  await app.ready();
  // The bearer and a CSRF token bound to its session (issue 37).
  const { headers } = await injectLogin(app, EMAIL, PASSWORD);
  const [user] = (
    await withSystem(database.db, (tx) => tx.execute(sql`SELECT id FROM users WHERE email = ${EMAIL}`))
  ).rows;

  const formats = {};
  for (const format of FORMATS) {
    const res = await app.inject({
      method: 'POST',
      url: `/api/datasets/${city.datasetId}/exports`,
      headers,
      payload: { kind: 'lof', format },
    });
    if (res.statusCode !== 202) throw new Error(`${format}: ${res.statusCode} ${res.body}`);
    const item = res.json();
    const t1 = performance.now();
    const status = await runExportFile(database, dataDir, {
      clientId: 1,
      userId: Number(user.id),
      exportId: item.id,
    });
    const seconds = Math.round(performance.now() - t1) / 1000;
    const done = (await app.inject({ method: 'GET', url: `/api/exports/${item.id}`, headers })).json();
    if (status !== 'ready') throw new Error(`${format}: ${status} ${done.message}`);
    const ext = { gpkg: 'gpkg', shp: 'zip', geojson: 'geojson', csv: 'csv' }[format];
    const file = path.join(exportsDir(dataDir), '1', `${item.id}.${ext}`);
    formats[format] = {
      seconds,
      rows: done.rows,
      mib: Math.round((done.sizeBytes / 2 ** 20) * 10) / 10,
      gdal_feature_count: format === 'csv' ? undefined : gdalCount(file, format),
      peak_rss_mib_so_far: peakRssMib(),
    };
    console.error(format, formats[format]);
  }
  writeResult('export', {
    command: 'npm run bench export',
    backend: 'postgres',
    pipes: city.pipes,
    setup_seconds: setupS,
    target: 'lof as gpkg and as shp under 30 s each (issue 17)',
    formats,
    note: 'seconds: the export job alone (pages of pipes and results, lines, build, write), on a warm database.',
  });
} finally {
  await app?.close();
  await database.close();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}
