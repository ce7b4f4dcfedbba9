// The analysis job (issue 4): PREPROCESS (topology, imputation, VIS) → LOF/RUL → COF_PENDING (COF, BRE,
// aggregates) → TILING (swap the results in) → COMPLETE. Each stage computes in a thread from the dataset and the
// STORED results of the stages before it, then writes its results and advances `analyses.stage` in one
// transaction: a restarted or retried job resumes at the first stage not yet stored. The dataset keeps serving
// its previous complete analysis until the final swap; a run that fails for good leaves it untouched.
import type { FastifyBaseLogger } from 'fastify';
import { cofStageInputs, withLof, type LofStageResult } from '@pipewise/engine';
import { DATASET_STATUS, type DatasetStatusCode } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { tenantSteps, type Database, type Db } from '../../db/database.ts';
import type { AnalysisStage } from '../../db/schema-analysis.ts';
import { sendAnalysis, type AnalysisJobData, type JobSend } from './analysis-queue.ts';
import { computeInThread, lofInThreads } from './compute-thread.ts';
import { EARLY_COF_MIN_PIPES, startEarlyCof, type EarlyCof } from './early-cof.ts';
import { enabledCofScenario, loadDatasetInputs, type Reader } from './load-inputs.ts';
import { PAGE_ROWS } from './paged-read.ts';
import { readCofFigures, readPreprocess } from './read-results.ts';
import { clearResultsSql, writeCof, writeLof, writePreprocess, type RunTarget } from './write-results.ts';
import { batchCount, RESULT_BATCHES, type BatchExecutor } from './result-batches.ts';
import { servedAnalysisId, writeRepriced } from './copy-results.ts';
import { dropOldResults, settleEditsAtSwap, swapIn } from './swap-in.ts';
import { prerenderTiles } from '../tiles/tile-prerender.ts';
import { cancelIfArchived } from './superseded.ts';
import { analyzeTables, INPUT_TABLES, RESULT_TABLES } from '../../db/analyze-tables.ts';
import { copyCofFreeSummaries, summariseAnalysis } from '../reports/report-summaries.ts';
import {
  countingBatches,
  LEASE_SECONDS,
  runProgress,
  STAGE_START,
  stageStartSql,
  type ProgressOptions,
  type RunStage,
} from './run-progress.ts';

/** Dataset status while each stage runs (spec 000 §4 codes); its progress is run-progress.ts STAGE_START. */
const STAGES: Record<RunStage, { status: DatasetStatusCode }> = {
  preprocess: { status: DATASET_STATUS.PREPROCESS },
  lof: { status: DATASET_STATUS.PREPROCESS },
  cof: { status: DATASET_STATUS.COF_PENDING },
  tiling: { status: DATASET_STATUS.TILING },
};

class Superseded extends Error {}

type Row = Record<string, unknown>;
const one = async (tx: Db, q: ReturnType<typeof sql>) => (await tx.execute(q)).rows[0] as Row | undefined;

/**
 * Takes the run's lease. A run taken up again (its worker died, or a retry) redoes its stage from the stage's start,
 * and its start moves to now less the stored stages' time, so that the time left (eta.ts) counts the work done,
 * not the time the run lay idle.
 */
async function claim(tx: Db, analysisId: number, worker: string) {
  return one(
    tx,
    sql`UPDATE analyses SET worker = ${worker}, heartbeat_at = now(),
          started_at = CASE WHEN stage = 'queued' THEN COALESCE(started_at, now())
            ELSE now() - make_interval(secs => (SELECT COALESCE(sum(value::float8), 0)
                                                 FROM jsonb_each_text(timings))) END,
          progress = ${stageStartSql}
        WHERE id = ${analysisId} AND stage NOT IN ('complete', 'failed', 'cancelled')
          AND (worker IS NULL OR worker = ${worker}
               OR heartbeat_at < now() - make_interval(secs => ${LEASE_SECONDS}))
        RETURNING stage, seed, reason`,
  );
}

/** Locks the run and checks it is still ours and still wanted before a stage writes. */
async function ensureOwned(tx: Db, analysisId: number, worker: string): Promise<void> {
  stillOurs(
    await one(tx, sql`SELECT stage, worker FROM analyses WHERE id = ${analysisId} FOR UPDATE`),
    worker,
  );
}

/** The run's row, as locked by ensureOwned or ensureOwnedBatch: gone, cancelled or taken over ends this run. */
function stillOurs(row: Row | undefined, worker: string): void {
  if (!row || row['stage'] === 'cancelled' || row['worker'] !== worker) throw new Superseded();
}

/**
 * ensureOwned for one batch of a stage's rows. FOR SHARE: the stage's lanes (result-batches.ts) hold the lock
 * together, where FOR UPDATE made each batch wait for the other's commit; a cancel still waits for the batches under
 * way and the next one sees it. The batch commits without waiting for its WAL to reach the disk (synchronous_commit
 * off, this transaction only): nothing reads a stage's rows until the stage is stored by its last transaction, which
 * commits as usual and so flushes every batch's WAL before it, and a stage cut short by a crash is written whole
 * again on the resume. Set in the same statement: one round trip per batch, not two.
 */
async function ensureOwnedBatch(tx: Db, analysisId: number, worker: string): Promise<void> {
  const row = await one(
    tx,
    sql`SELECT stage, worker, set_config('synchronous_commit', 'off', true)
        FROM analyses WHERE id = ${analysisId} FOR SHARE`,
  );
  stillOurs(row, worker);
}

/** The dataset shows the run's stage only while it has no served results (a rerun keeps COMPLETE). */
async function enterStage(
  tx: Db,
  t: RunTarget,
  stage: keyof typeof STAGES,
  extra: Record<string, unknown> = {},
) {
  const { status } = STAGES[stage];
  const progress = STAGE_START[stage];
  const summaries = Object.entries(extra).map(
    ([k, v]) => sql`, ${sql.identifier(k)} = ${JSON.stringify(v)}::jsonb`,
  );
  await tx.execute(
    sql`UPDATE analyses SET stage = ${stage}, progress = ${progress}, heartbeat_at = now() ${sql.join(summaries, sql``)}
        WHERE id = ${t.analysisId}`,
  );
  await tx.execute(
    sql`UPDATE datasets SET status = ${status}, updated_at = now() WHERE id = ${t.datasetId} AND analysis_id IS NULL`,
  );
}

async function addTiming(tx: Db, analysisId: number, stage: string, ms: number) {
  const timing = JSON.stringify({ [stage]: Math.round(ms) / 1000 });
  await tx.execute(sql`UPDATE analyses SET timings = timings || ${timing}::jsonb WHERE id = ${analysisId}`);
}

/**
 * A COF re-run (reason cof_scenario) starts at COF from the served analysis: its COF stage reads the served run's
 * preprocess and LOF results and writes them with the new prices (copy-results.ts). Without served results it is a
 * full run. While a full run of the dataset is at COF or tiling it waits ('wait': the lease is released and the
 * orphan sweep sends it again), so it re-prices that run's results rather than the older ones.
 */
async function startCofRerun(tx: Db, t: RunTarget, worker: string): Promise<AnalysisStage | 'wait'> {
  await ensureOwned(tx, t.analysisId, worker);
  const busy = await one(
    tx,
    sql`SELECT 1 FROM analyses WHERE dataset_id = ${t.datasetId} AND id < ${t.analysisId}
          AND reason <> 'cof_scenario' AND stage IN ('cof', 'tiling')`,
  );
  if (busy) {
    // Not started: the time left counts from the claim that does the work.
    await tx.execute(
      sql`UPDATE analyses SET worker = NULL, heartbeat_at = NULL, started_at = NULL WHERE id = ${t.analysisId}`,
    );
    return 'wait';
  }
  if ((await servedAnalysisId(tx, t.datasetId)) === null) return 'queued';
  await enterStage(tx, t, 'cof');
  return 'cof';
}

async function hasResults(tx: Db, analysisId: number): Promise<boolean> {
  return (
    (await one(tx, sql`SELECT 1 FROM pipe_results WHERE analysis_id = ${analysisId} LIMIT 1`)) !== undefined
  );
}

/**
 * What the model card stores: the engine's card with the stage's notes; without break history the prior's card
 * (`prior: true`, issue 39), or why there is no model.
 */
function lofCardOf(lof: LofStageResult): Record<string, unknown> {
  const notes = lof.notes ?? [];
  const card = lof.card ?? lof.prior?.card;
  if (!card) return { unavailable: lof.unavailable ?? 'no model', notes };
  return { ...card, notes: [...card.notes, ...notes] };
}

export interface RunOptions {
  worker: string;
  log?: FastifyBaseLogger;
  /** Tests: return right after this stage is stored, as if the process died there (the lease stays held). */
  stopAfter?: 'preprocess' | 'lof' | 'cof';
  /**
   * Price the COF beside the LOF model (early-cof.ts): 'auto' from EARLY_COF_MIN_PIPES pipes, or always / never
   * (tests compare the two).
   */
  earlyCof?: 'auto' | 'always' | 'never';
  /** Tests: told when the LOF stage's model is trained, before its results are written. */
  onLofTrained?: () => Promise<void>;
  /** Tests: how often progress is written, and a hook told of each write. */
  progress?: ProgressOptions;
  /**
   * Sends the follow-up analysis a swap may queue for edits it cannot re-score (swap-in.ts settleEditsAtSwap);
   * without it the orphan sweep sends it (resumeOrphans).
   */
  jobs?: JobSend;
}

/** Runs (or resumes) one analysis. Returns false when there was nothing to do (done, cancelled, taken). */
export async function runAnalysis(
  database: Database,
  job: AnalysisJobData,
  opts: RunOptions,
): Promise<boolean> {
  const t: RunTarget = job;
  const tenant = tenantSteps(database, job.clientId);
  const claimed = await tenant((tx) => claim(tx, t.analysisId, opts.worker));
  if (!claimed) return false;
  opts.log?.info({ ...job, stage: claimed['stage'] }, 'analysis: claimed');
  if (await tenant((tx) => cancelIfArchived(tx, t.analysisId, t.datasetId))) {
    opts.log?.info(job, 'analysis of a replaced version cancelled');
    return false;
  }
  // Progress and heartbeat in one short UPDATE (run-progress.ts); never below a figure already stored.
  const progress = runProgress(async (percent) => {
    await tenant((tx) =>
      tx.execute(
        sql`UPDATE analyses SET progress = GREATEST(progress, ${percent}::real), heartbeat_at = now()
            WHERE id = ${t.analysisId} AND worker = ${opts.worker}`,
      ),
    );
  }, opts.progress);
  let earlyCof: EarlyCof | null = null;
  try {
    let stage = claimed['stage'] as AnalysisStage;
    if (stage === 'queued' && claimed['reason'] === 'cof_scenario') {
      const start = await tenant((tx) => startCofRerun(tx, t, opts.worker));
      if (start === 'wait') {
        opts.log?.info(job, 'COF re-run waits for the full run at its COF stage; resumed by the sweep');
        return false;
      }
      stage = start;
    }
    // Fresh planner statistics first: an embedded database never autovacuums, and with the row counts of an empty
    // table the planner joined 700 mesh cells against 20k pipes one by one (20 s instead of a GiST probe per pipe).
    // A run past its LOF stage (a COF re-run, a resumed run) reads inputs analysed when they last changed.
    if (stage !== 'cof' && stage !== 'tiling') await analyzeTables(database, INPUT_TABLES);
    const loading = performance.now();
    // The edit number the inputs are read at, before the first read (assets/pending-edits.ts): an edit committed
    // before it is in the inputs; one after it (or during the load) is re-scored at the swap. A run taken up again
    // keeps the number of its first load (a pipe re-scored twice is harmless, one missed is not). A COF re-run that
    // re-prices the served run takes that run's number with its figures (the COF step below).
    if (stage === 'queued' || stage === 'preprocess')
      await tenant((tx) =>
        tx.execute(
          sql`UPDATE analyses SET edit_seq = COALESCE(edit_seq,
                (SELECT edit_seq FROM datasets WHERE id = ${t.datasetId}))
              WHERE id = ${t.analysisId}`,
        ),
      );
    // Each query of the load in a short transaction of its own (a pipe edit meanwhile waits for the swap: above).
    const reader: Reader = {
      execute: (query) => tenant((tx) => tx.execute(query)),
      pageRows: PAGE_ROWS[database.kind],
    };
    const inputs = await loadDatasetInputs(reader, t.datasetId, Number(claimed['seed']), {
      breaks: stage !== 'cof' && stage !== 'tiling',
    });
    opts.log?.info(
      { ...job, pipes: inputs.pipes.length, ms: Math.round(performance.now() - loading) },
      'analysis: inputs loaded',
    );
    // A stage's bulk rows go in short transactions, one per batch (result-batches.ts RESULT_BATCHES), each
    // checking that the run is still ours: on the embedded database other requests get its one connection between
    // them instead of waiting for the whole write (issue 14). The run's rows are seen by nobody until swapIn serves
    // it, and a stage written in part is written again on a resume (preprocess clears first, LOF and COF update their
    // rows, areas are cleared first); the stage is stored by the last, short transaction, which enters the next stage.
    const shape = RESULT_BATCHES[database.kind];
    const batches: BatchExecutor = {
      shape,
      execute: (query) =>
        tenant(async (tx) => {
          await ensureOwnedBatch(tx, t.analysisId, opts.worker);
          return tx.execute(query);
        }),
    };
    // The stage's progress counts its batches; the counting executor keeps the batches' shape.
    const counting = (writes: number, report: Parameters<typeof countingBatches>[2]): BatchExecutor => ({
      ...countingBatches(batches, writes, report),
      shape,
    });
    const batchesOf = <T>(items: readonly T[], weight?: (item: T) => number) =>
      batchCount(items, shape.rows, weight);
    // Compute and write times apart in the log.
    const step = async (
      name: string,
      work: (tx: Db) => Promise<void>,
      started: number,
      bulk?: () => Promise<void>,
    ) => {
      const writing = performance.now();
      await bulk?.();
      await tenant(async (tx) => {
        await ensureOwned(tx, t.analysisId, opts.worker);
        await work(tx);
        await addTiming(tx, t.analysisId, name, performance.now() - started);
      });
      const ms = (from: number, to: number) => Math.round(to - from);
      opts.log?.info(
        { ...job, stage: name, computeMs: ms(started, writing), writeMs: ms(writing, performance.now()) },
        'analysis: stage stored',
      );
    };

    if (stage === 'queued' || stage === 'preprocess') {
      await tenant((tx) => enterStage(tx, t, 'preprocess'));
      const parts = progress.stage('preprocess');
      const started = performance.now();
      const pre = await computeInThread({ stage: 'preprocess', inputs }, undefined, parts.compute);
      const drawn = pre.segments.filter((s) => s.pipeIds.length > 0);
      const writes = 1 + batchesOf(pre.pipes) + batchesOf(drawn, (s) => s.pipeIds.length);
      const writing = counting(writes, parts.write);
      const population = new Map(
        inputs.pipes.map((p) => [p.id, { population: p.population, rateOfChange: p.rateOfChange }]),
      );
      await step(
        'preprocess',
        (tx) => enterStage(tx, t, 'lof', { impute_summary: pre.imputeSummary, vis_summary: pre.visSummary }),
        started,
        async () => {
          await writing.execute(clearResultsSql(t.analysisId));
          await writePreprocess(writing, t, pre, population);
        },
      );
      stage = 'lof';
      opts.log?.info({ ...job, segments: pre.segments.length }, 'analysis: preprocess stored');
      if (opts.stopAfter === 'preprocess') return true;
    }
    if (stage === 'lof') {
      const parts = progress.stage('lof');
      const pre = await readPreprocess(reader, t.analysisId);
      parts.read(1);
      const started = performance.now();
      const early = opts.earlyCof ?? 'auto';
      if (
        opts.stopAfter !== 'lof' &&
        (early === 'always' || (early === 'auto' && inputs.pipes.length >= EARLY_COF_MIN_PIPES))
      )
        earlyCof = startEarlyCof(reader, job, inputs, opts.log);
      const lof = await lofInThreads(inputs, pre, parts.compute);
      await opts.onLofTrained?.();
      const writes = batchesOf(lof.pipes) + batchesOf(lof.segments);
      await step(
        'lof',
        (tx) =>
          enterStage(tx, t, 'cof', {
            lof_card: lofCardOf(lof),
            // The model a pipe edit re-scores with (assets/rescore-pipe.ts); a prior's rates and RUL calibration,
            // marked `prior: true` (an edit then queues a whole analysis; the programme ages with its law).
            ...(lof.scoring
              ? { lof_scoring: lof.scoring }
              : lof.prior
                ? { lof_scoring: lof.prior.scoring }
                : {}),
          }),
        started,
        () => writeLof(counting(writes, parts.write), t, lof),
      );
      stage = 'cof';
      opts.log?.info(job, 'analysis: LOF stored');
      if (opts.stopAfter === 'lof') return true;
    }
    if (stage === 'cof') {
      // A COF re-run prices the served run's stored results (read now: a full run served since it was queued is
      // the one it re-prices); a full run, which has stored its own, prices those. (A COF re-run of a dataset
      // without served results ran as a full run: startCofRerun.)
      const parts = progress.stage('cof');
      const repricing =
        claimed['reason'] === 'cof_scenario' && !(await tenant((tx) => hasResults(tx, t.analysisId)));
      const source = repricing ? await tenant((tx) => servedAnalysisId(tx, t.datasetId)) : t.analysisId;
      if (source === null) throw new Error('a COF re-run found no served analysis to re-price');
      const reading = performance.now();
      const { figures, preprocessSegments } = await readCofFigures(reader, source);
      parts.read(1);
      opts.log?.info(
        { ...job, ms: Math.round(performance.now() - reading) },
        'analysis: earlier stages read',
      );
      // The scenario is read now, not with the inputs: a scenario saved while the run was at preprocess or LOF
      // is the one it prices with (queueCofRerun relies on it).
      const scenario = await tenant((tx) => enabledCofScenario(tx, t.datasetId));
      await tenant((tx) =>
        tx.execute(
          sql`UPDATE analyses SET cof_scenario_id = ${scenario?.id ?? null} WHERE id = ${t.analysisId}`,
        ),
      );
      const started = performance.now();
      // Priced during the LOF stage with this scenario (early-cof.ts): only the LOF's part is left.
      const priced = repricing ? null : await earlyCof?.take(scenario);
      const cof = priced
        ? withLof(priced, inputs, figures)
        : await computeInThread(
            {
              stage: 'cof',
              // Only what the consequence reads is copied into the thread (no break records, no LOF-only columns).
              inputs: { ...cofStageInputs(inputs), cofScenario: scenario?.scenario ?? null },
              figures,
              preprocessSegments,
              clientId: job.clientId,
            },
            undefined,
            parts.compute,
          );
      parts.compute(1);
      // Pipes, the areas' clearing, the areas (write-results.ts writeCof).
      const writes = batchesOf(cof.pipes) + 1 + batchesOf(cof.areas);
      // A re-pricing copies the served rows in one transaction: a served run changing under it must make the
      // copy come out short as a whole (copy-results.ts), not in part.
      await step(
        'cof',
        async (tx) => {
          if (repricing) {
            // The copied figures carry the edits the served run carries, read in the copy's transaction.
            await tx.execute(
              sql`UPDATE analyses SET edit_seq = (SELECT edit_seq FROM analyses WHERE id = ${source})
                  WHERE id = ${t.analysisId}`,
            );
            await writeRepriced(tx, t, source, cof);
            await copyCofFreeSummaries(tx, source, t.analysisId);
          }
          await enterStage(tx, t, 'tiling', { cof_summary: cof.summary });
        },
        started,
        repricing ? undefined : () => writeCof(counting(writes, parts.write), t, cof),
      );
      stage = 'tiling';
      opts.log?.info(job, 'analysis: COF stored');
      if (opts.stopAfter === 'cof') return true;
    }
    if (stage === 'tiling') {
      const parts = progress.stage('tiling');
      const started = performance.now();
      // The reports' answers before it is served, so its first report page reads them; one that cannot be made
      // now is made by the first request that asks (report-summaries.ts), so it does not hold the run back.
      await summariseAnalysis(tenant, t, parts.compute).catch((err: unknown) =>
        opts.log?.warn({ ...job, err }, 'analysis: report summaries left to the first request'),
      );
      // Statistics that know the new run's rows before anyone reads them: analysed after the swap, the map's first
      // tile queries of the new run were planned on counts without it (issue 18: seconds for every request).
      await analyzeTables(database, RESULT_TABLES);
      let followUp: AnalysisJobData | null = null;
      await step(
        'tiling',
        async (tx) => {
          await swapIn(tx, t, String(claimed['reason']));
          // The edits made after the run read its inputs, re-scored with its model in the same transaction.
          followUp = await settleEditsAtSwap(tx, t);
        },
        started,
      );
      // The map's first-visit tiles of the new revision, in the background: the run is COMPLETE already.
      void prerenderTiles(database, t, opts.log);
      const next = followUp as AnalysisJobData | null;
      if (next) {
        opts.log?.info(
          { ...job, followUp: next.analysisId },
          'analysis: edits it cannot re-score queued one run',
        );
        if (opts.jobs)
          await sendAnalysis(opts.jobs, next).catch((err: unknown) =>
            opts.log?.error({ err, analysisId: next.analysisId }, 'could not send the analysis job'),
          );
      }
      await dropOldResults(tenant, t);
      opts.log?.info(job, 'analysis complete');
    }
    return true;
  } catch (err) {
    if (err instanceof Superseded) {
      opts.log?.info(job, 'analysis superseded; stopped');
      return false;
    }
    throw err;
  } finally {
    earlyCof?.abort();
    await progress.close();
  }
}
