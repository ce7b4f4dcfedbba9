// The worker's side of the analysis queue: the job registered with pg-boss (one run at a time per worker), woken at
// once by a run this process queued, and the sweep that sends a job for every unfinished run nobody holds.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import { withSystem, type Database } from '../../db/database.ts';
import { onJobSent } from '../../jobs/job-signal.ts';
import { ANALYSIS_QUEUE, sendAnalysis, type AnalysisJobData, type JobSend } from './analysis-queue.ts';
import { runAnalysis } from './analysis.job.ts';
import { settleDeadAnalysisJobs } from './dead-analysis-jobs.ts';
import { isFinalFailure } from './failure.ts';
import { recordFailure } from './record-failure.ts';
import { LEASE_SECONDS } from './run-progress.ts';
import { ensureQueue } from '../../jobs/boss.ts';

type Row = Record<string, unknown>;

/**
 * Sends a job for every unfinished run nobody holds (queued by the demo seed, or whose worker died): called when
 * a worker starts and every minute after. A duplicate job is harmless: claim() lets one worker hold a run. The
 * jobs a dead worker left active are cancelled first (dead-analysis-jobs.ts), so pg-boss does not retry them later.
 */
export async function resumeOrphans(database: Database, send: JobSend, minAgeSeconds = 2): Promise<number> {
  await settleDeadAnalysisJobs(database);
  const rows = await withSystem(
    database.db,
    async (tx) =>
      (
        await tx.execute(
          // rank: as queueAnalysis counts it, so a resent run keeps its fair place (sendAnalysis).
          sql`SELECT id, client_id, dataset_id,
              (SELECT count(*)::int FROM analyses b WHERE b.client_id = a.client_id AND b.id < a.id
                 AND b.stage IN ('queued', 'preprocess', 'lof', 'cof', 'tiling')) AS rank
            FROM analyses a
            WHERE stage IN ('queued', 'preprocess', 'lof', 'cof', 'tiling')
              AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => ${LEASE_SECONDS}))
              AND created_at <= now() - make_interval(secs => ${minAgeSeconds})
            ORDER BY id`,
        )
      ).rows as Row[],
  );
  for (const r of rows)
    await sendAnalysis(send, {
      analysisId: Number(r['id']),
      clientId: Number(r['client_id']),
      datasetId: Number(r['dataset_id']),
      rank: Number(r['rank']),
    });
  return rows.length;
}

export async function registerAnalysisJob(
  boss: PgBoss,
  database: Database,
  log: FastifyBaseLogger,
): Promise<() => void> {
  const worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  await ensureQueue(boss, ANALYSIS_QUEUE);
  let workerId = '';
  workerId = await boss.work<AnalysisJobData>(ANALYSIS_QUEUE, { includeMetadata: true }, async ([job]) => {
    if (!job) return;
    try {
      await runAnalysis(database, job.data, { worker, log, jobs: boss });
    } catch (err) {
      const final = isFinalFailure(err, job.retryCount, job.retryLimit);
      log.error({ err, ...job.data, final }, 'analysis failed');
      await recordFailure(database, job.data, err, final, log);
      if (!final) throw err;
    } finally {
      // The next job is looked for at once, not a poll later: a job that ended at once (its run superseded or
      // taken) may have been what a wake fetched, ahead of the run the wake was for.
      boss.notifyWorker(workerId);
    }
  });
  // A run the API of this process queued is taken at once, not at the worker's next poll (jobs/job-signal.ts).
  const stopWaking = onJobSent(ANALYSIS_QUEUE, () => boss.notifyWorker(workerId));
  const send: JobSend = boss;
  // At start every unfinished run is picked up at once (the demo seed's just queued); later sweeps leave a run
  // queued by the API a moment to be sent by its own request.
  const sweep = (minAgeSeconds?: number) =>
    resumeOrphans(database, send, minAgeSeconds).catch((err: unknown) =>
      log.error({ err }, 'analysis resume sweep failed'),
    );
  await sweep(0);
  const timer = setInterval(() => void sweep(), 60_000);
  return () => {
    clearInterval(timer);
    stopWaking();
  };
}
