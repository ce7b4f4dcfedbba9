// The analysis stages' result writes alone (issue 41), on the real tables of a 100k-pipe town: what each way of
// sending a stage's rows costs per 100k rows — today's json_to_recordset statements, with pipe_results at its
// fillfactor or a lower one (room on each page for the LOF and COF updates' new row versions: HOT updates, no index
// entries) and rows kept uncompressed or not. Every batch is a tenant transaction with the job's ownership check, as
// the job writes them. The `copy` variants (COPY into a temporary table, one statement from it) need the writers of
// branch h2-copy-experiment (commit 186bc43), where this bench runs them; the figures of both are in bench/results
// (result-writes-*.json): COPY saves nothing on PostgreSQL and 12 % on PGlite, so it was not merged. The stage results are the real engine's, computed once and kept in
// /tmp (BENCH_CACHE) for the next run; the variants run interleaved, each on an emptied pipe_results.
//   BENCH_BACKEND=postgres|pglite (default postgres); BENCH_PIPES (default 100000); BENCH_ROUNDS (default 2);
//   BENCH_FILLFACTOR (default 70: the low fillfactor); BENCH_VARIANTS (default json,json-ff,json-tt; a -tt
//   variant keeps rows up to 4 kB uncompressed: toast_tuple_target).
// CPU: this process's (process.cpuUsage: with PGlite the database's too) and, on PostgreSQL, the backends' of this
// database (/proc/<pid>/stat of every connection of the pool).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import { cofStageInputs } from '@pipewise/engine';
import { withSystem, withTenant } from '../apps/server/src/db/database.ts';
import { seedDemoCity } from '../apps/server/src/db/seed-city.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { computeInThread, lofInThreads } from '../apps/server/src/modules/analysis/compute-thread.ts';
import { enabledCofScenario, loadDatasetInputs } from '../apps/server/src/modules/analysis/load-inputs.ts';
import { readCofFigures, readPreprocess } from '../apps/server/src/modules/analysis/read-results.ts';
import { queueAnalysis } from '../apps/server/src/modules/analysis/analysis-queue.ts';
import { RESULT_BATCHES } from '../apps/server/src/modules/analysis/result-batches.ts';
import {
  writeCofPipes,
  writeLof,
  writePreprocess,
} from '../apps/server/src/modules/analysis/write-results.ts';
import { openBenchDatabase, writeResult } from './lib.mjs';

const backend = process.env.BENCH_BACKEND ?? 'postgres';
const PIPES = Number(process.env.BENCH_PIPES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const FILLFACTOR = Number(process.env.BENCH_FILLFACTOR ?? 70);
const VARIANTS = (process.env.BENCH_VARIANTS ?? 'json,json-ff,json-tt').split(',');
if (VARIANTS.some((v) => !v.startsWith('json')))
  throw new Error('only json variants here: the COPY writers are on branch h2-copy-experiment (186bc43)');
const CACHE = process.env.BENCH_CACHE ?? `/tmp/pw-result-writes-${PIPES}.v8`;
const load = () => loadavg().map((l) => Math.round(l * 100) / 100);

const { database, dispose } = await openBenchDatabase(backend, 'writes');
const sys = (q) => withSystem(database.db, async (tx) => (await tx.execute(q)).rows);

/** CPU seconds of this process and of this database's backends (PostgreSQL on this machine). */
async function cpu() {
  const own = process.cpuUsage();
  let server = 0;
  if (backend === 'postgres') {
    const pids = await sys(sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`);
    for (const { pid } of pids) {
      try {
        const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        server += (Number(f[11]) + Number(f[12])) / 100;
      } catch {
        // A connection that ended meanwhile.
      }
    }
  }
  return { node: (own.user + own.system) / 1e6, server };
}

/** The stage results of the town: the engine's, as the job computes them (the oracle test's sequence). */
async function stageResults(datasetId, clientId) {
  if (existsSync(CACHE)) return v8.deserialize(readFileSync(CACHE));
  const run = await withTenant(database.db, clientId, (tx) =>
    queueAnalysis(tx, { clientId, datasetId, reason: 'execute' }),
  );
  const [a] = await sys(sql`SELECT seed FROM analyses WHERE id = ${run.analysisId}`);
  const reader = { execute: (q) => withTenant(database.db, clientId, (tx) => tx.execute(q)) };
  const inputs = await loadDatasetInputs(reader, datasetId, Number(a.seed));
  const pre = await computeInThread({ stage: 'preprocess', inputs });
  const population = new Map(
    inputs.pipes.map((p) => [p.id, { population: p.population, rateOfChange: p.rateOfChange }]),
  );
  const batches = { ...executor(clientId, run.analysisId), shape: RESULT_BATCHES[backend] };
  await writePreprocess(batches, run, pre, population);
  const lof = await lofInThreads(inputs, await readPreprocess(reader, run.analysisId));
  await writeLof(batches, run, lof);
  const { figures, preprocessSegments } = await readCofFigures(reader, run.analysisId);
  const scenario = await withTenant(database.db, clientId, (tx) => enabledCofScenario(tx, datasetId));
  const cof = await computeInThread({
    stage: 'cof',
    inputs: { ...cofStageInputs(inputs), cofScenario: scenario?.scenario ?? null },
    figures,
    preprocessSegments,
    clientId,
  });
  const out = { pre, population: [...population], lof, cof };
  writeFileSync(CACHE, v8.serialize(out));
  return out;
}

/** The job's batch executor: a tenant transaction per batch that first checks the run (analysis.job.ts). */
function executor(clientId, analysisId) {
  const owned = sql`SELECT stage, worker, set_config('synchronous_commit', 'off', true)
    FROM analyses WHERE id = ${analysisId} FOR SHARE`;
  return {
    execute: (query) =>
      withTenant(database.db, clientId, async (tx) => {
        await tx.execute(owned);
        return tx.execute(query);
      }),
  };
}

try {
  const t0 = performance.now();
  await database.migrate();
  await seedDemo(database.db, 'Pipewise-demo-1');
  const city = await seedDemoCity(database.db, { pipes: PIPES });
  const [d] = await sys(sql`SELECT id, client_id FROM datasets ORDER BY id LIMIT 1`);
  const datasetId = Number(d.id);
  const clientId = Number(d.client_id);
  const results = await stageResults(datasetId, clientId);
  const setupS = Math.round(performance.now() - t0) / 1000;
  const population = new Map(results.population);
  const { pre, lof, cof } = results;
  console.log(`setup ${setupS} s: ${pre.pipes.length} pipes, ${pre.segments.length} segments`);

  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Even rounds in the listed order, odd ones reversed: a drift of the machine's load hits every variant.
    const order = round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
    for (const variant of order) {
      await sys(sql`TRUNCATE pipe_results, vis_segments, area_results`);
      const ff = variant.includes('-ff') ? FILLFACTOR : 100;
      // -tt: rows up to 4 kB stay whole (a finished row is ~2 kB, so its largest jsonb was compressed).
      const tt = variant.includes('-tt') ? 4080 : 2032;
      await sys(sql.raw(`ALTER TABLE pipe_results SET (fillfactor = ${ff}, toast_tuple_target = ${tt})`));
      await sys(sql`SELECT pg_stat_reset_single_table_counters('pipe_results'::regclass)`);
      await sys(sql`CHECKPOINT`);
      const run = await withTenant(database.db, clientId, (tx) =>
        queueAnalysis(tx, { clientId, datasetId, reason: 'execute' }),
      );
      const tx = {
        ...executor(clientId, run.analysisId),
        shape: RESULT_BATCHES[backend],
      };
      const stages = {};
      const time = async (name, work) => {
        const c0 = await cpu();
        const w0 = performance.now();
        await work();
        const c1 = await cpu();
        stages[name] = {
          wall_s: Math.round(performance.now() - w0) / 1000,
          node_cpu_s: Math.round((c1.node - c0.node) * 100) / 100,
          server_cpu_s: Math.round((c1.server - c0.server) * 100) / 100,
        };
      };
      await time('pre_pipes', () => writePreprocess(tx, run, { ...pre, segments: [] }, population));
      await time('pre_segments', () => writePreprocess(tx, run, { ...pre, pipes: [] }, population));
      await time('lof_pipes', () => writeLof(tx, run, { ...lof, segments: [] }));
      await time('lof_segments', () => writeLof(tx, run, { ...lof, pipes: [] }));
      await time('cof_pipes', () => writeCofPipes(tx, run, cof.pipes));
      // A backend reports its counts once idle a while: the last batches' may still be missing (HOT counts are a guide).
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const [size] = await sys(
        sql`SELECT pg_total_relation_size('pipe_results') AS bytes,
              n_tup_hot_upd AS hot, n_tup_upd AS upd FROM pg_stat_user_tables WHERE relname = 'pipe_results'`,
      );
      const total = Object.values(stages).reduce((s, x) => s + x.wall_s, 0);
      const entry = {
        variant,
        fillfactor: ff,
        toast_tuple_target: tt,
        load: load(),
        total_s: Math.round(total * 1000) / 1000,
        stages,
      };
      entry.pipe_results_mib = Math.round(Number(size?.bytes ?? 0) / 2 ** 20);
      entry.hot_updates = Number(size?.hot ?? 0);
      entry.updates = Number(size?.upd ?? 0);
      console.log(JSON.stringify(entry));
      rounds.push(entry);
    }
  }
  writeResult(`result-writes-${backend}`, {
    command: `BENCH_BACKEND=${backend} BENCH_PIPES=${PIPES} BENCH_ROUNDS=${ROUNDS} BENCH_FILLFACTOR=${FILLFACTOR} BENCH_VARIANTS=${VARIANTS.join(',')} node --import tsx bench/result-writes.bench.mjs`,
    backend,
    pipes: city.pipes,
    rounds,
  });
} finally {
  await dispose();
}
