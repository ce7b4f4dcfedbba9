// Report answer times on a 100k-pipe town (issue 13, docs/api-reports.md; goal p95 < 300 ms per category), on
// PostgreSQL and on the embedded PGlite. The demo town of seed-city.ts (packages/engine generateCity: breaks, mesh
// cells, districts) gets fake analysis results made in SQL from its pipes (bench/fake-results.mjs, plus the COF
// breakdown and expected breaks the reports read, and area aggregates; the districts are copied as custom zones so
// that report has rows too). A real analysis of 100k pipes takes ~16 min (bench/results/analysis-postgres.json) and
// would change no report's cost: they aggregate whatever the rows hold.
// Each category is asked alone through the HTTP route (app.inject: auth, tenant transaction, SQL, response
// validation and serialisation), once to warm up and then BENCH_RUNS times; also each family route and all 27 at once.
//   BENCH_BACKENDS (default "postgres,pglite"), BENCH_PIPES (default 100000), BENCH_RUNS (default 20),
//   PIPEWISE_BENCH_PG_URL (or PIPEWISE_TEST_PG_URL) for the PostgreSQL server.
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { REPORT_CATEGORIES } from '@pipewise/domain';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { withSystem, withTenant } from '../apps/server/src/db/database.ts';
import { summariseAnalysis } from '../apps/server/src/modules/reports/report-summaries.ts';
import { seedDemoCity } from '../apps/server/src/db/seed-city.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { fakePipeResultsSql } from './fake-results.mjs';
import { injectLogin, openBenchDatabase, writeResult } from './lib.mjs';

const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',');
const PIPES = Number(process.env.BENCH_PIPES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const GOAL_P95_MS = 300;
const PASSWORD = 'Pipewise-demo-1';
const FAMILIES = ['asset', 'lof', 'cof', 'total-risk'];

const round = (x) => Math.round(x * 10) / 10;
/** Nearest-rank percentile. */
const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)];
};

/**
 * What the reports read beyond fake-results.mjs: the COF breakdown (shares of cof_total that add up to it, as the
 * engine's do), expected breaks consistent with the LOF (−ln(1 − lof)), the currency, the area aggregates (members
 * by ST_PointOnSurface, as the analysis finds them) and custom zones (the districts again).
 */
async function fakeResults(database, datasetId) {
  const analysisId = await withSystem(database.db, async (tx) => {
    await tx.execute(sql`UPDATE analyses SET stage = 'cancelled' WHERE dataset_id = ${datasetId}`);
    const a = await tx.execute(sql`
      INSERT INTO analyses (client_id, dataset_id, stage, progress, reason, seed, cof_summary, finished_at)
      VALUES (1, ${datasetId}, 'complete', 100, 'seed', 1, '{"currency":"USD"}'::jsonb, now()) RETURNING id`);
    const analysisId = Number(a.rows[0].id);
    await tx.execute(sql.raw(fakePipeResultsSql(analysisId, datasetId)));
    await tx.execute(sql`
      UPDATE pipe_results SET
        lof_absolute = jsonb_build_object('12', -ln(1 - lof_12), '24', -ln(1 - lof_24), '36', -ln(1 - lof_36),
          '60', -ln(1 - lof_60)),
        cof = jsonb_build_object('standardRepair', cof_total * 0.3, 'intenseRepair', 0,
          'propertyDamage', cof_total * 0.1, 'criticalFacilities', cof_total * 0.1,
          'trafficDisruption', cof_total * 0.1, 'environment', cof_total * 0.1, 'noWater', cof_total * 0.2,
          'custom', cof_total * 0.1, 'direct', cof_total * 0.4, 'indirect', cof_total * 0.5),
        cof_factors = ARRAY[cof_total * 0.3, cof_total * 0.1, cof_total * 0.1, cof_total * 0.1, cof_total * 0.1,
          cof_total * 0.2, cof_total * 0.1]
      WHERE analysis_id = ${analysisId}`);
    await tx.execute(sql`
      INSERT INTO areas (client_id, dataset_id, kind, native_id, name, geom, attrs)
      SELECT client_id, dataset_id, 'custom_zone', 'Z-' || native_id, name, geom, attrs
      FROM areas WHERE dataset_id = ${datasetId} AND kind = 'district'`);
    // MATERIALIZED: each pipe's point once, then looked up in the areas' index (not every area × every pipe).
    await tx.execute(sql`
      WITH pt AS MATERIALIZED (
        SELECT ST_PointOnSurface(p.geom) AS g, p.length_m, pr.lof_12, pr.risk_drivers[1] AS d, pr.cof_total, pr.bre
        FROM pipes p JOIN pipe_results pr ON pr.pipe_id = p.id AND pr.analysis_id = ${analysisId}
        WHERE p.dataset_id = ${datasetId} AND NOT p.abandoned AND NOT ST_IsEmpty(p.geom))
      INSERT INTO area_results (analysis_id, area_id, client_id, dataset_id, pipes, length_m, lof_12, risk_drivers,
        total_cof, total_bre)
      SELECT ${analysisId}, a.id, a.client_id, a.dataset_id, count(*), sum(pt.length_m),
        1 - exp(GREATEST(sum(ln(1 - pt.lof_12::float8)), -700)), ARRAY[min(pt.d), max(pt.d)]::smallint[],
        COALESCE(sum(pt.cof_total), 0), COALESCE(sum(pt.bre), 0)
      FROM pt JOIN areas a ON a.dataset_id = ${datasetId} AND a.kind IN ('mesh', 'district', 'custom_zone')
        AND a.geom && pt.g AND ST_Intersects(a.geom, pt.g)
      GROUP BY a.id, a.client_id, a.dataset_id`);
    await tx.execute(
      sql`UPDATE datasets SET analysis_id = ${analysisId}, status = 0 WHERE id = ${datasetId}`,
    );
    return analysisId;
  });
  // The UPDATE above left every row twice in the heap: rewrite it so scans read what a real run leaves.
  for (const q of ['VACUUM FULL pipe_results', 'ANALYZE pipe_results', 'ANALYZE pipes', 'ANALYZE areas']) {
    await database.db.execute(sql.raw(q));
  }
  return analysisId;
}

async function counts(database, datasetId) {
  const [r] = await withSystem(
    database.db,
    async (tx) =>
      (
        await tx.execute(sql`
          SELECT (SELECT count(*) FROM pipes WHERE dataset_id = ${datasetId})::int AS pipes,
            (SELECT count(*) FROM pipes WHERE dataset_id = ${datasetId} AND abandoned)::int AS abandoned,
            (SELECT count(*) FROM breaks WHERE dataset_id = ${datasetId})::int AS breaks,
            (SELECT jsonb_object_agg(kind, n) FROM (SELECT kind, count(*) AS n FROM areas
              WHERE dataset_id = ${datasetId} GROUP BY kind) k) AS areas`)
      ).rows,
  );
  return r;
}

/** Logs in through the API, as the web app does; answers a timed GET. */
async function client(app) {
  // The bearer and a CSRF token bound to its session (issue 37).
  const { headers } = await injectLogin(app, 'admin@demo.pipewise.local', PASSWORD);
  return async (url) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return { ms, bytes: res.body.length };
  };
}

async function timeUrl(get, url) {
  const first = await get(url);
  const times = [];
  for (let i = 0; i < RUNS; i++) times.push((await get(url)).ms);
  return {
    first_ms: round(first.ms),
    p50_ms: round(percentile(times, 50)),
    p95_ms: round(percentile(times, 95)),
    max_ms: round(Math.max(...times)),
    bytes: first.bytes,
  };
}

async function benchBackend(kind) {
  const { database, dataDir, dispose } = await openBenchDatabase(kind, 'reports');
  let app;
  try {
    const t0 = performance.now();
    await database.migrate();
    await seedDemo(database.db, PASSWORD);
    const city = await seedDemoCity(database.db, { pipes: PIPES });
    const analysisId = await fakeResults(database, city.datasetId);
    const setupS = round((performance.now() - t0) / 1000);
    console.log(`[${kind}] seeded ${city.pipes} pipes in ${setupS} s`);
    // What the worker does before it serves a run (analysis.job.ts): every stored category at 12 months.
    const summarising = performance.now();
    await summariseAnalysis((fn) => withTenant(database.db, 1, fn), {
      clientId: 1,
      datasetId: city.datasetId,
      analysisId,
    });
    const summariseS = round((performance.now() - summarising) / 1000);
    console.log(`[${kind}] report summaries stored in ${summariseS} s`);

    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    });
    app = (await buildApp({ config, database })).app;
    await app.ready();
    const get = await client(app);
    const url = (query) => `/api/datasets/${city.datasetId}/reports/${query}`;

    const categories = {};
    for (const category of REPORT_CATEGORIES) {
      categories[category] = await timeUrl(get, url(`query?categories=${category}&horizon=12&limit=100`));
      console.log(`[${kind}] ${category}`, categories[category]);
    }
    // A horizon the worker did not store: its first ask aggregates (and stores) it, the next ones read it.
    const lofFamily24 = await timeUrl(get, url('lof?horizon=24'));
    const families = {};
    for (const family of FAMILIES) families[family] = await timeUrl(get, url(`${family}?horizon=12`));
    const all = await timeUrl(get, url(`query?categories=${REPORT_CATEGORIES.join(',')}`));
    const p95s = Object.values(categories).map((c) => c.p95_ms);
    return {
      backend: kind,
      network: await counts(database, city.datasetId),
      setup_seconds: setupS,
      summarise_seconds: summariseS,
      load_average_after: loadavg().map((x) => Math.round(x * 100) / 100),
      slowest_category_p95_ms: Math.max(...p95s),
      categories_over_goal: Object.entries(categories)
        .filter(([, c]) => c.p95_ms >= GOAL_P95_MS)
        .map(([k]) => k),
      categories,
      families,
      lof_family_first_ask_at_24_months: lofFamily24,
      all_27_categories: all,
    };
  } finally {
    await app?.close();
    await dispose();
  }
}

/**
 * Written after each backend, so a run stopped half-way keeps what it measured; a run of one backend
 * (BENCH_BACKENDS=pglite) keeps the other backend's last figures from the file.
 */
function save(measured) {
  const file = path.resolve(import.meta.dirname, 'results/reports.json');
  const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const kept = (previous?.backends ?? []).filter(
    (b) => !measured.some((m) => m.backend === b.backend) && b.network?.pipes === PIPES,
  );
  writeResult('reports', {
    command: 'npm run bench reports',
    goal: { p95_ms_per_category: GOAL_P95_MS, pipes: PIPES },
    runs_per_category: RUNS,
    results: 'fake, hash-spread (bench/fake-results.mjs) + COF breakdown, expected breaks, area aggregates',
    backends: [...kept, ...measured],
    note:
      'Times are the whole HTTP route through app.inject (auth, tenant transaction, SQL, zod response validation and ' +
      'serialisation); first_ms is the first request after seeding (cold plans and caches), p50/p95 over the runs ' +
      "after it. The areas' COF and BRE totals and each pipe's factor groups are stored by the COF stage, as here. " +
      'Each category answer is stored once per analysis (report_summaries): summarise_seconds is what the worker ' +
      'spends storing them at 12 months before it serves a run; lof_family_first_ask_at_24_months shows a horizon ' +
      'it did not store (first_ms aggregates and stores it, the runs after read it). ' +
      'load_average_after shows how busy the shared machine was.',
  });
}

const measured = [];
for (const kind of BACKENDS) {
  measured.push(await benchBackend(kind));
  save(measured);
}
