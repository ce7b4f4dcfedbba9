// The whole analysis of a generated town through the server (issue 4), on PostgreSQL or the embedded database:
// seed the demo town (packages/engine generateCity) with BENCH_PIPES pipes, then run the analysis job exactly as
// the worker does (load from PostGIS → preprocess → LOF/RUL → COF/BRE → swap), and report per stage the compute
// time (worker thread) and the write time (one transaction), plus the peak memory of the process.
//   BENCH_BACKEND=postgres|pglite (default postgres); PIPEWISE_BENCH_PG_URL (or PIPEWISE_TEST_PG_URL) names the
//   server; BENCH_PIPES the size (default 100000). BENCH_VALVES=none drops the town's valves before the run: a
//   network imported without its valves layer (the wizard's natural first step), one segment per connected
//   component — issue 14's out-of-memory crash in the COF stage at 16k pipes (per-pipe affected lists, n²).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, openPostgres, withSystem, withTenant } from '../apps/server/src/db/database.ts';
import { seedDemoCity } from '../apps/server/src/db/seed-city.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { runAnalysis } from '../apps/server/src/modules/analysis/analysis.job.ts';
import { setOverride } from '../apps/server/src/modules/assets/assets.repository.ts';
import { rescorePipe } from '../apps/server/src/modules/assets/rescore-pipe.ts';
import { writeResult } from './lib.mjs';

const backend = process.env.BENCH_BACKEND ?? 'postgres';
const adminUrl =
  process.env.PIPEWISE_BENCH_PG_URL ??
  process.env.PIPEWISE_TEST_PG_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const PIPES = Number(process.env.BENCH_PIPES ?? 100_000);
const NO_VALVES = process.env.BENCH_VALVES === 'none';
// BENCH_VALVES=inoperable30: 30 % of the valves cannot be closed (every id ending in 0, 3 or 7), so a crew goes
// further and segments merge into large ones (issue 14: must still analyse within the time goal).
const INOPERABLE_30 = process.env.BENCH_VALVES === 'inoperable30';
const dbName = `pw_bench_analysis_${process.pid}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-bench-analysis-'));

async function admin(query) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);

// The job logs compute and write times per stage; a tiny logger collects them.
const stages = {};
const log = {
  info(obj, msg) {
    if (msg === 'analysis: stage stored')
      stages[obj.stage] = { compute_ms: obj.computeMs, write_ms: obj.writeMs };
    if (msg === 'analysis: inputs loaded') stages.load = { ms: obj.ms };
  },
  error: console.error,
};

let database;
if (backend === 'postgres') {
  await admin(`CREATE DATABASE ${dbName}`);
  const target = new URL(adminUrl);
  target.pathname = `/${dbName}`;
  database = await openPostgres(target.toString(), 4);
} else {
  database = await openDatabase({ dataDir });
}
try {
  let t0 = performance.now();
  await database.migrate();
  await seedDemo(database.db, 'Pipewise-demo-1');
  const city = await seedDemoCity(database.db, { pipes: PIPES });
  if (NO_VALVES)
    await withSystem(database.db, (tx) =>
      tx.execute(sql`DELETE FROM valves WHERE dataset_id = ${city.datasetId}`),
    );
  if (INOPERABLE_30)
    await withSystem(database.db, (tx) =>
      tx.execute(
        sql`UPDATE valves SET operable = false WHERE dataset_id = ${city.datasetId} AND id % 10 IN (0, 3, 7)`,
      ),
    );
  const seedS = Math.round(performance.now() - t0) / 1000;
  const [run] = await withSystem(
    database.db,
    async (tx) =>
      (await tx.execute(sql`SELECT id, client_id, dataset_id FROM analyses ORDER BY id DESC LIMIT 1`)).rows,
  );
  t0 = performance.now();
  const ok = await runAnalysis(
    database,
    { analysisId: Number(run.id), clientId: Number(run.client_id), datasetId: Number(run.dataset_id) },
    { worker: 'bench', log },
  );
  const totalS = Math.round(performance.now() - t0) / 1000;
  const [done] = await withSystem(
    database.db,
    async (tx) =>
      (
        await tx.execute(sql`SELECT stage, lof_card->'backtests' AS backtests,
          (SELECT count(*) FROM pipe_results WHERE analysis_id = a.id) AS results,
          (SELECT count(*) FROM vis_segments WHERE analysis_id = a.id) AS segments
        FROM analyses a WHERE id = ${run.id}`)
      ).rows,
  );
  // A pipe edit after the analysis (issue 14: re-scored with the stored model within 2 s): ten diameter edits, each
  // in its own tenant transaction as PATCH …/assets/{id} runs it (the override, then the re-score).
  const edited = await withSystem(
    database.db,
    async (tx) =>
      (
        await tx.execute(sql`SELECT pipe_id, diameter_mm FROM pipe_results
          WHERE analysis_id = ${run.id} AND lof_12 IS NOT NULL ORDER BY pipe_id LIMIT 10`)
      ).rows,
  );
  const editMs = [];
  let rescored = 0;
  for (const e of edited) {
    const t = performance.now();
    const outcome = await withTenant(database.db, Number(run.client_id), async (tx) => {
      await setOverride(
        tx,
        Number(run.dataset_id),
        Number(e.pipe_id),
        'diameterMm',
        Number(e.diameter_mm) * 2,
      );
      return rescorePipe(tx, Number(run.dataset_id), Number(e.pipe_id));
    });
    editMs.push(Math.round(performance.now() - t));
    if (outcome.rescored) rescored++;
  }
  editMs.sort((a, b) => a - b);
  const backtests = (typeof done.backtests === 'string' ? JSON.parse(done.backtests) : done.backtests) ?? [];
  writeResult(
    `analysis-${backend}${PIPES === 100_000 ? '' : `-${PIPES / 1000}k`}${NO_VALVES ? '-no-valves' : ''}${INOPERABLE_30 ? '-inoperable30' : ''}`,
    {
      command: `BENCH_BACKEND=${backend} BENCH_PIPES=${PIPES}${process.env.BENCH_VALVES ? ` BENCH_VALVES=${process.env.BENCH_VALVES}` : ''} node --import tsx bench/analysis.bench.mjs`,
      valves: NO_VALVES
        ? 'none (deleted after seeding)'
        : INOPERABLE_30
          ? 'the town’s, 30 % made inoperable'
          : 'the town’s',
      backend,
      pipes: city.pipes,
      completed: ok && done.stage === 'complete',
      seed_seconds: seedS,
      analysis_seconds: totalS,
      stages,
      results: Number(done.results),
      segments: Number(done.segments),
      backtest: backtests.map((b) => ({
        years: b.horizonYears,
        cutoff: b.cutoff,
        auc: { model: b.rankings.model.auc.value, previous_breaks: b.rankings.previousBreaks.auc.value },
        p_at_1_pct: {
          model: b.rankings.model.precisionAt1Pct.value,
          previous_breaks: b.rankings.previousBreaks.precisionAt1Pct.value,
        },
      })),
      pipe_edit: {
        edits: editMs.length,
        rescored_in_place: rescored,
        ms: { median: editMs[Math.floor(editMs.length / 2)], max: editMs.at(-1) },
        note: 'A diameter edit re-scored with the stored model (assets/rescore-pipe.ts), no retraining; goal < 2 s.',
      },
      peak_rss_mib: Math.round(peakRss / 2 ** 20),
      note: 'Compute runs in a worker thread; the RSS covers the whole process (threads included).',
    },
  );
} finally {
  clearInterval(sampler);
  await database.close();
  if (backend === 'postgres') await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}
