// The end of a run: the swap that serves it, then the older runs' rows deleted in short transactions.
import { DATA_ORIGIN, DATASET_STATUS } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { activeRun, rescorePendingEdits } from '../assets/pending-edits.ts';
import { queueAnalysis, type AnalysisJobData } from './analysis-queue.ts';
import type { RunTarget } from './write-results.ts';
import { tileAccessChanged } from '../tiles/tile-access.ts';

// The swap: the dataset now serves this run; tiles get a new revision (immutable URLs, ARCHITECTURE.md); a rerun
// says so with refresh_status LOF (the map offers "Refresh map", spec §4); older runs' result rows go after it
// (dropOldResults). The dataset's origin becomes IMPUTED (1): its gaps are filled by the analysis' virtual pipes, and spec 000 §6 opens the COF
// panel for origin 1 (datasetOriginSchema in packages/domain). Users' edits are marked per pipe (status 2), not
// on the dataset, so an edited dataset keeps its COF panel.
export async function swapIn(tx: Db, t: RunTarget, reason: string): Promise<void> {
  await tx.execute(
    sql`UPDATE datasets SET
          refresh_status = CASE WHEN analysis_id IS NULL THEN 'NONE' ELSE 'LOF' END,
          analysis_id = ${t.analysisId}, status = ${DATASET_STATUS.COMPLETE}, ra_complete = true, rul = true,
          origin = ${DATA_ORIGIN.IMPUTED},
          edits_since_analysis = ${reason === 'cof_scenario' ? sql`edits_since_analysis` : 0},
          tile_revision = tile_revision + 1, updated_at = now()
        WHERE id = ${t.datasetId}`,
  );
  await tileAccessChanged(tx, { dataset: t.datasetId });
  // Only the served run's model is read again (a pipe edit); the older runs' goes with their rows.
  await tx.execute(
    sql`UPDATE analyses SET lof_scoring = NULL
        WHERE dataset_id = ${t.datasetId} AND id <> ${t.analysisId} AND lof_scoring IS NOT NULL
          AND stage IN ('complete', 'failed', 'cancelled')`,
  );
  await tx.execute(
    sql`UPDATE analyses SET stage = 'complete', progress = 100, finished_at = now(), worker = NULL
        WHERE id = ${t.analysisId}`,
  );
}

/**
 * In the swap's transaction, after swapIn: the pipes edited after the run read its inputs (an edit never cancels a
 * run: assets/pending-edits.ts) are re-scored in place with its model, so the results it serves carry them. Where
 * one cannot be, ONE whole analysis is queued (reason 'override'; its job is sent after the commit), unless another
 * run is under way: that one settles them at its own swap.
 */
export async function settleEditsAtSwap(tx: Db, t: RunTarget): Promise<AnalysisJobData | null> {
  const { fallbacks } = await rescorePendingEdits(tx, t.datasetId, t.analysisId);
  if (fallbacks.length === 0 || (await activeRun(tx, t.datasetId, t.analysisId))) return null;
  const job = await queueAnalysis(tx, { clientId: t.clientId, datasetId: t.datasetId, reason: 'override' });
  // The swapped-in results changed: the map offers "Refresh map" (queueAnalysis says TILES for an edit).
  await tx.execute(sql`UPDATE datasets SET refresh_status = 'LOF' WHERE id = ${t.datasetId}`);
  return job;
}

const DROP_BATCH_ROWS = 5000;

/**
 * The result rows of the dataset's finished runs other than the one just served, deleted 5,000 rows a transaction
 * (on the embedded database a whole run's rows in one transaction held its connection for seconds). A run still
 * under way keeps its rows; rows left by a process that died here go with the next swap.
 */
export async function dropOldResults(tenant: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>, t: RunTarget) {
  for (const table of ['area_results', 'vis_segments', 'pipe_results']) {
    for (;;) {
      const [done] = await tenant(
        async (tx) =>
          (
            await tx.execute(sql`
              WITH d AS (
                DELETE FROM ${sql.identifier(table)} WHERE ctid = ANY(ARRAY(
                  SELECT ctid FROM ${sql.identifier(table)}
                  WHERE dataset_id = ${t.datasetId} AND analysis_id <> ${t.analysisId} AND analysis_id IN (
                    SELECT id FROM analyses
                    WHERE dataset_id = ${t.datasetId} AND stage IN ('complete', 'failed', 'cancelled'))
                  LIMIT ${DROP_BATCH_ROWS}))
                RETURNING 1)
              SELECT count(*)::int AS n FROM d`)
          ).rows,
      );
      if (Number(done?.['n'] ?? 0) < DROP_BATCH_ROWS) break;
    }
  }
}
