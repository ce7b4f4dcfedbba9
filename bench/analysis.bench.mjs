// The whole analysis of a generated town, on PostgreSQL or the embedded database: seed the demo town (packages/engine
// generateCity) with BENCH_PIPES pipes, then analyse it by two paths, interleaved on the same town and database
// (issue 41): `engine` runs the analysis job exactly as the worker does (load from PostGIS → preprocess → LOF/RUL →
// COF/BRE → swap) in this process, timed to the swap; `server` is what a user waits for — a server process (API +
// worker) started on the database, the run started over HTTP, taken from the job queue and polled until served
// (analysis-server.mjs). Per stage the compute time (worker thread) and the write time, the ratio server ÷ engine
// of each round, the load average, the API's latency during the server's runs and the peak memory of this process.
//   BENCH_BACKEND=postgres|pglite (default postgres); PIPEWISE_BENCH_PG_URL (or PIPEWISE_TEST_PG_URL) names the
//   server; BENCH_PIPES the size (default 100000); BENCH_PATHS=engine,server the paths; BENCH_ROUNDS (default 2)
//   how many times each runs (engine first in odd rounds, server first in even ones, so a drift of the machine's
//   load hits both). BENCH_VALVES=none drops the town's valves before the run: a network imported without its
//   valves layer (the wizard's natural first step), one segment per connected component — issue 14's out-of-memory
//   crash in the COF stage at 16k pipes (per-pipe affected lists, n²).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, openPostgres, withSystem, withTenant } from '../apps/server/src/db/database.ts';
import { seedDemoCity } from '../apps/server/src/db/seed-city.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { runAnalysis } from '../apps/server/src/modules/analysis/analysis.job.ts';
import { queueAnalysis } from '../apps/server/src/modules/analysis/analysis-queue.ts';
import { allowPrerendering, stopPrerendering } from '../apps/server/src/modules/tiles/tile-prerender.ts';
import { setOverride } from '../apps/server/src/modules/assets/assets.repository.ts';
import { rescorePipe } from '../apps/server/src/modules/assets/rescore-pipe.ts';
import { writeResult } from './lib.mjs';
import { analyseThroughServer, startServer } from './analysis-server.mjs';

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

const PATHS = (process.env.BENCH_PATHS ?? 'engine,server').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const load = () => loadavg().map((l) => Math.round(l * 100) / 100);
const r2 = (x) => Math.round(x * 100) / 100;

/** The job's log as this bench reads it: compute and write times per stage, and when the swap committed. */
function stageLog() {
  const stages = {};
  const at = {};
  const log = {
    info(obj, msg) {
      if (msg === 'analysis: stage stored') {
        stages[obj.stage] = { compute_ms: obj.computeMs, write_ms: obj.writeMs };
        at[obj.stage] = performance.now();
      }
      if (msg === 'analysis: inputs loaded') stages.load = { ms: obj.ms };
    },
    warn: console.warn,
    error: console.error,
  };
  return { stages, at, log };
}

/**
 * The engine path: a run queued as the API queues it, then the analysis job called here. Its figure ends at the
 * swap — what a user waits for; the job goes on deleting the older run's rows, counted apart. The first-visit
 * tiles it starts in the background are stopped, so they do not run beside the next path.
 */
async function engineRun(datasetId) {
  const job = await withTenant(database.db, 1, (tx) =>
    queueAnalysis(tx, { clientId: 1, datasetId, reason: 'execute' }),
  );
  const { stages, at, log } = stageLog();
  const t0 = performance.now();
  const ok = await runAnalysis(database, job, { worker: 'bench', log });
  const end = performance.now();
  await stopPrerendering(database);
  allowPrerendering(database);
  if (!ok || at.tiling === undefined) throw new Error(`engine run ${job.analysisId} did not complete`);
  return {
    analysisId: job.analysisId,
    seconds: (at.tiling - t0) / 1000,
    job_after_swap_seconds: r2((end - at.tiling) / 1000),
    stages,
  };
}

/** The server path (analysis-server.mjs): a server process on the same database for the run. */
async function serverRun(datasetId, checkout) {
  // The embedded database has one process: the server's, for the run.
  if (backend === 'pglite') await database.close();
  const server = await startServer({
    databaseUrl: backend === 'postgres' ? databaseUrl : undefined,
    dataDir,
    checkout,
  });
  try {
    return await analyseThroughServer(server, datasetId);
  } finally {
    await server.stop();
    if (backend === 'pglite') database = await openDatabase({ dataDir });
  }
}

let databaseUrl;
let database;
if (backend === 'postgres') {
  await admin(`CREATE DATABASE ${dbName}`);
  const target = new URL(adminUrl);
  target.pathname = `/${dbName}`;
  databaseUrl = target.toString();
  database = await openPostgres(databaseUrl, 4);
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
  const rounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const round = { load_before: load() };
    for (const p of i % 2 === 0 ? PATHS : [...PATHS].reverse()) {
      const started = load();
      round[p] =
        p === 'engine'
          ? await engineRun(city.datasetId)
          : await serverRun(
              city.datasetId,
              p === 'server_before' ? process.env.BENCH_BEFORE_ROOT : undefined,
            );
      round[p] = { ...round[p], seconds: r2(round[p].seconds), load_at_start: started };
      console.log(`round ${i + 1} ${p}: ${round[p].seconds} s (load ${started.join(' ')})`);
    }
    if (round.engine && round.server) {
      round.ratio = r2(round.server.seconds / round.engine.seconds);
      console.log(`round ${i + 1}: server ÷ engine = ${round.ratio}`);
    }
    if (round.engine && round.server_before) {
      round.ratio_before = r2(round.server_before.seconds / round.engine.seconds);
      console.log(`round ${i + 1}: server_before ÷ engine = ${round.ratio_before}`);
    }
    round.load_after = load();
    rounds.push(round);
  }
  // The run served last (the older runs' rows are deleted at each swap).
  const [served] = await withSystem(
    database.db,
    async (tx) => (await tx.execute(sql`SELECT analysis_id FROM datasets WHERE id = ${city.datasetId}`)).rows,
  );
  const run = { id: Number(served.analysis_id), client_id: 1, dataset_id: city.datasetId };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const of = (p) => rounds.map((r) => r[p]?.seconds).filter((x) => x !== undefined);
  const ratios = rounds.map((r) => r.ratio).filter((x) => x !== undefined);
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
  let editError = null;
  // An edit that fails is recorded, not thrown: the runs' figures above are what this bench is for.
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
      return rescorePipe(tx, Number(run.dataset_id), run.id, Number(e.pipe_id));
    }).catch((err) => ({ error: String(err.cause ?? err).slice(0, 300) }));
    if (outcome.error) {
      editError = outcome.error;
      break;
    }
    editMs.push(Math.round(performance.now() - t));
    if (outcome.rescored) rescored++;
  }
  editMs.sort((a, b) => a - b);
  const backtests = (typeof done.backtests === 'string' ? JSON.parse(done.backtests) : done.backtests) ?? [];
  writeResult(
    `analysis-${backend}${PIPES === 100_000 ? '' : `-${PIPES / 1000}k`}${NO_VALVES ? '-no-valves' : ''}${INOPERABLE_30 ? '-inoperable30' : ''}`,
    {
      command: `BENCH_BACKEND=${backend} BENCH_PIPES=${PIPES} BENCH_PATHS=${PATHS}${process.env.BENCH_BEFORE_ROOT ? ` BENCH_BEFORE_ROOT=${process.env.BENCH_BEFORE_ROOT}` : ''} BENCH_ROUNDS=${ROUNDS}${process.env.BENCH_VALVES ? ` BENCH_VALVES=${process.env.BENCH_VALVES}` : ''} node --import tsx bench/analysis.bench.mjs`,
      valves: NO_VALVES
        ? 'none (deleted after seeding)'
        : INOPERABLE_30
          ? 'the town’s, 30 % made inoperable'
          : 'the town’s',
      backend,
      pipes: city.pipes,
      completed: done.stage === 'complete',
      seed_seconds: seedS,
      paths: PATHS,
      engine_seconds: of('engine'),
      server_seconds: of('server'),
      ...(PATHS.includes('server_before')
        ? {
            before_root: process.env.BENCH_BEFORE_ROOT,
            server_before_seconds: of('server_before'),
            ratios_before: rounds.map((r) => r.ratio_before),
          }
        : {}),
      ratios,
      ratio_worst: ratios.length ? Math.max(...ratios) : null,
      ratio_median: ratios.length ? median(ratios) : null,
      goal: 'server ≤ 1.2 × engine, server < 90 s on an idle 2-core machine, the API answering within 1 s',
      rounds,
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
        ...(editError ? { error: editError } : {}),
        ms: { median: editMs[Math.floor(editMs.length / 2)], max: editMs.at(-1) },
        note: 'A diameter edit re-scored with the stored model (assets/rescore-pipe.ts), no retraining; goal < 2 s.',
      },
      peak_rss_mib: Math.round(peakRss / 2 ** 20),
      note: 'Compute runs in a worker thread; the RSS covers this process (threads included), not the server’s. The engine figure ends at the swap; the server figure is the POST to the poll that saw the run complete.',
    },
  );
} finally {
  clearInterval(sampler);
  await database.close();
  if (backend === 'postgres') await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}
