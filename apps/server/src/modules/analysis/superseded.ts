// Runs nobody needs any more (issue 18: runs of replaced versions still ran, taking the worker from other clients).
// A version replaced by a newer import is ARCHIVE: its queued or running runs end cancelled when the import promotes
// the new version, and a run that starts for an archived version cancels itself (a job sent before the promotion).
// A running run stops at its next write, which finds itself cancelled (analysis.job.ts ensureOwned).
import { DATASET_STATUS } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { ACTIVE_STAGES } from './analysis-queue.ts';

export const ARCHIVED_MESSAGE = 'cancelled: its version was replaced by a newer one';

const active = sql.join(
  ACTIVE_STAGES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * The unfinished runs of the group's archived versions end cancelled; called in the transaction that promotes
 * `snapshotId` (import.job.ts). An archived dataset that never had results shows CANCELLED rather than waiting.
 * Returns the runs it cancelled.
 */
export async function cancelArchivedRuns(tx: Db, snapshotId: number): Promise<number[]> {
  const r = await tx.execute(sql`
    UPDATE analyses a SET stage = 'cancelled', error = ${ARCHIVED_MESSAGE}, finished_at = now(), worker = NULL
    FROM datasets d JOIN snapshots s ON s.id = d.snapshot_id
    WHERE a.dataset_id = d.id AND a.stage IN (${active}) AND s.type = 'ARCHIVE'
      AND s.group_id = (SELECT group_id FROM snapshots WHERE id = ${snapshotId})
    RETURNING a.id, a.dataset_id`);
  const datasetIds = [...new Set(r.rows.map((row) => Number(row['dataset_id'])))];
  if (datasetIds.length > 0) {
    await tx.execute(sql`
      UPDATE datasets SET status = ${DATASET_STATUS.CANCELLED}, updated_at = now()
      WHERE analysis_id IS NULL AND id IN (SELECT json_array_elements_text(${JSON.stringify(datasetIds)}::json)::int)`);
  }
  return r.rows.map((row) => Number(row['id']));
}

/** Whether the dataset's version was replaced by a newer one (its snapshot is ARCHIVE). */
export async function isArchived(tx: Db, datasetId: number): Promise<boolean> {
  const r = await tx.execute(sql`
    SELECT 1 FROM datasets d JOIN snapshots s ON s.id = d.snapshot_id
    WHERE d.id = ${datasetId} AND s.type = 'ARCHIVE'`);
  return r.rows.length > 0;
}

/**
 * A run about to start whose version is archived: cancelled instead (true). Its dataset, if it has no results,
 * shows CANCELLED. Called right after the claim, in its own transaction.
 */
export async function cancelIfArchived(tx: Db, analysisId: number, datasetId: number): Promise<boolean> {
  if (!(await isArchived(tx, datasetId))) return false;
  await tx.execute(sql`
    UPDATE analyses SET stage = 'cancelled', error = ${ARCHIVED_MESSAGE}, finished_at = now(), worker = NULL
    WHERE id = ${analysisId}`);
  await tx.execute(sql`
    UPDATE datasets SET status = ${DATASET_STATUS.CANCELLED}, updated_at = now()
    WHERE id = ${datasetId} AND analysis_id IS NULL`);
  return true;
}
