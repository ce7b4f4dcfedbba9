// A failed analysis run (analysis.job.ts): the error kept on the run, the dataset's status when it fails for good,
// and the pipe edits the run was to carry re-scored in the served run instead.
import type { FastifyBaseLogger } from 'fastify';
import { DATASET_STATUS } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { withTenant, type Database } from '../../db/database.ts';
import type { RawRow as Row } from '../../db/raw-values.ts';
import { activeRun, rescorePendingEdits } from '../assets/pending-edits.ts';
import type { AnalysisJobData } from './analysis-queue.ts';
import { failureReason } from './failure.ts';

/**
 * Records a failure. A final one (no retries left, or one a retry would repeat: failure.ts) fails the run: a dataset with no served results becomes
 * CANCELLED ("a new analysis is required", spec §4); one with results keeps them (the runs list says why).
 */
export async function recordFailure(
  database: Database,
  job: AnalysisJobData,
  err: unknown,
  final: boolean,
  log?: FastifyBaseLogger,
) {
  const message = failureReason(err).slice(0, 2000);
  await withTenant(database.db, job.clientId, async (tx) => {
    await tx.execute(
      sql`UPDATE analyses SET error = ${message}, worker = NULL
            ${final ? sql`, stage = 'failed', finished_at = now()` : sql``}
          WHERE id = ${job.analysisId} AND stage NOT IN ('complete', 'cancelled')`,
    );
    if (!final) return;
    await tx.execute(
      sql`UPDATE datasets SET
            status = CASE WHEN analysis_id IS NULL THEN ${DATASET_STATUS.CANCELLED} ELSE status END,
            updated_at = now()
          WHERE id = ${job.datasetId}`,
    );
  });
  if (final)
    await settleEditsAfterFailure(database, job).catch((e: unknown) =>
      log?.error(
        { err: e, ...job },
        'analysis failed: the edits it was to carry are left to the next analysis',
      ),
    );
}

/**
 * A run that failed for good will not carry the edits made while it ran (assets/pending-edits.ts): the served run
 * re-scores them in place, unless another run is under way (it will). Those it cannot re-score count as edits since
 * the analysis, so the nightly sweep retrains; no run is queued here, lest a failing analysis queue itself again.
 */
async function settleEditsAfterFailure(database: Database, job: AnalysisJobData) {
  await withTenant(database.db, job.clientId, async (tx) => {
    const [dataset] = (
      await tx.execute(sql`SELECT analysis_id FROM datasets WHERE id = ${job.datasetId} FOR UPDATE`)
    ).rows as Row[];
    const served = dataset?.['analysis_id'] == null ? null : Number(dataset['analysis_id']);
    if (served === null || (await activeRun(tx, job.datasetId))) return;
    const { fallbacks } = await rescorePendingEdits(tx, job.datasetId, served);
    if (fallbacks.length > 0)
      await tx.execute(
        sql`UPDATE datasets SET edits_since_analysis = edits_since_analysis + ${fallbacks.length}
            WHERE id = ${job.datasetId}`,
      );
  });
}
