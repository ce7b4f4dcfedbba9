// Retraining after pipe edits. An edit re-scores the pipe with the served model (assets/rescore-pipe.ts) and leaves
// the model, the imputation of its neighbours and the other pipes' ranks as they were; each night the datasets with
// such edits are analysed again, as the issue asks ("retraining stays the explicit Run analysis, and the nightly or
// post-import run"). A dataset with an analysis under way is left alone: that run reads the edits already.
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { withSystem, withTenant, type Database } from '../../db/database.ts';
import { ACTIVE_STAGES, queueAnalysis, sendAnalysis, type JobSend } from './analysis-queue.ts';
import { ensureQueue } from '../../jobs/boss.ts';

export const NIGHTLY_QUEUE = 'analysis-nightly';
/** 02:41 server time: after the working day, off the hour when other schedules run. */
export const NIGHTLY_CRON = '41 2 * * *';

/** Queues a full analysis of every dataset edited since its served run; returns how many. */
export async function queueEditedDatasets(database: Database, jobs: JobSend): Promise<number> {
  const edited = await withSystem(
    database.db,
    async (tx) =>
      (
        await tx.execute(sql`
          SELECT d.id, d.client_id FROM datasets d
          WHERE d.edits_since_analysis > 0 AND NOT EXISTS (
            SELECT 1 FROM analyses a WHERE a.dataset_id = d.id
              AND a.stage IN (SELECT json_array_elements_text(${JSON.stringify(ACTIVE_STAGES)}::json)))
          ORDER BY d.id`)
      ).rows,
  );
  for (const row of edited) {
    const [datasetId, clientId] = [Number(row['id']), Number(row['client_id'])];
    const job = await withTenant(database.db, clientId, (tx) =>
      queueAnalysis(tx, { clientId, datasetId, reason: 'nightly' }),
    );
    await sendAnalysis(jobs, job);
  }
  return edited.length;
}

export async function registerNightlyAnalyses(
  boss: PgBoss,
  database: Database,
  log: FastifyBaseLogger,
): Promise<void> {
  await ensureQueue(boss, NIGHTLY_QUEUE);
  await boss.work(NIGHTLY_QUEUE, async () => {
    const queued = await queueEditedDatasets(database, boss);
    log.info({ queued }, 'nightly analyses of edited datasets queued');
  });
  await boss.schedule(NIGHTLY_QUEUE, NIGHTLY_CRON);
}
