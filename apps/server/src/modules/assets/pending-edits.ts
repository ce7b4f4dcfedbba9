// Pipe edits and the analyses under way (issue 38: two edits a minute apart during a COF re-run left three cancelled
// runs on the model card). An edit never cancels a run. Every edit takes the next number of its dataset's edit
// sequence (datasets.edit_seq) and stamps its pipe with it (pipes.edit_seq); a run records the number it read its
// inputs at (analyses.edit_seq: set before its load, analysis.job.ts; a COF re-run takes that of the run whose
// figures it copies). The pipes stamped after a run's number are the edits it has not seen: they are re-scored in
// place in that run (rescore-pipe.ts) when it is swapped in (swap-in.ts settleEditsAtSwap), in the swap's own
// transaction, so the results it serves carry them. Where one cannot be re-scored in place, ONE whole analysis is
// queued then (reason 'override'), not one per edit. The number of the served run moves on once all its pending
// edits are re-scored.
//
// An edit with no run under way re-scores the served run's pending edits (its own, and any left by a run that
// failed) and answers 'rescored', or queues a whole analysis and answers 'queued'; with a run under way it answers
// 'pending_run' (a run still queued reads the edit with its inputs; one past them re-scores it at its swap). The
// dataset row is the lock: an edit and a swap take it first, so an edit is either seen by the swap or sees the run
// finished. A run that fails for good re-scores the pending edits in the served run (analysis.job.ts
// record-failure.ts); those that cannot be wait for the next edit's analysis or the nightly sweep (no run is queued by a
// failure: a failing analysis must not queue itself again).
import type { AssetEditFallback } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawNumber as num, type RawRow as Row } from '../../db/raw-values.ts';
import { ACTIVE_STAGES } from '../analysis/analysis-queue.ts';
import { rescorePipe } from './rescore-pipe.ts';

/** More edits than this waiting for one run are not re-scored one by one (each ranks among all the pipes). */
export const PENDING_RESCORE_LIMIT = 50;

const rows = async (tx: Db, query: ReturnType<typeof sql>) => (await tx.execute(query)).rows as Row[];

/**
 * Locks the dataset row and gives the edit the dataset's next edit number; called first in the edit's transaction
 * (before the edit is stored), so that edits, swaps and failures of the dataset's runs take their turns.
 */
export async function nextEditSeq(tx: Db, datasetId: number): Promise<number | null> {
  const [row] = await rows(
    tx,
    sql`UPDATE datasets SET edit_seq = edit_seq + 1 WHERE id = ${datasetId} RETURNING edit_seq`,
  );
  return row ? Number(row['edit_seq']) : null;
}

/** Stamps the edited pipe with its edit's number. */
export async function stampEdit(tx: Db, datasetId: number, pipeId: number, seq: number): Promise<void> {
  await tx.execute(
    sql`UPDATE pipes SET edit_seq = ${seq} WHERE id = ${pipeId} AND dataset_id = ${datasetId}`,
  );
}

/** The dataset's run under way, if any (at most one is: an edit never queues a second). */
export async function activeRun(
  tx: Db,
  datasetId: number,
  except?: number,
): Promise<{ id: number; stage: string; reason: string } | null> {
  const [row] = await rows(
    tx,
    sql`SELECT id, stage, reason FROM analyses WHERE dataset_id = ${datasetId}
          AND stage IN (SELECT json_array_elements_text(${JSON.stringify(ACTIVE_STAGES)}::json))
          ${except === undefined ? sql`` : sql`AND id <> ${except}`}
        ORDER BY id LIMIT 1`,
  );
  return row ? { id: Number(row['id']), stage: String(row['stage']), reason: String(row['reason']) } : null;
}

export interface PendingFallback {
  readonly pipeId: number | null;
  readonly code: AssetEditFallback;
  readonly why: string;
}

export interface PendingOutcome {
  /** Pipes re-scored in place. */
  readonly rescored: number;
  /** Pipes that need a whole analysis (empty: the analysis now carries every edit). */
  readonly fallbacks: readonly PendingFallback[];
}

/**
 * Re-scores in the analysis `analysisId` (served, or being swapped in) every pipe edited after the edit number it
 * carries; when all are, it carries the dataset's current number. The caller holds the dataset row.
 */
export async function rescorePendingEdits(
  tx: Db,
  datasetId: number,
  analysisId: number | null,
): Promise<PendingOutcome> {
  if (analysisId === null)
    return {
      rescored: 0,
      fallbacks: [{ pipeId: null, code: 'no_served_analysis', why: 'no served analysis' }],
    };
  const [seqs] = await rows(
    tx,
    sql`SELECT COALESCE(a.edit_seq, 0) AS seen, d.edit_seq AS latest
        FROM analyses a JOIN datasets d ON d.id = a.dataset_id WHERE a.id = ${analysisId}`,
  );
  const seen = num(seqs?.['seen']) ?? 0;
  const latest = num(seqs?.['latest']) ?? 0;
  if (latest <= seen) return { rescored: 0, fallbacks: [] };
  const pending = (
    await rows(
      tx,
      sql`SELECT id FROM pipes WHERE dataset_id = ${datasetId} AND edit_seq > ${seen}
          ORDER BY edit_seq, id LIMIT ${PENDING_RESCORE_LIMIT + 1}`,
    )
  ).map((r) => Number(r['id']));
  if (pending.length > PENDING_RESCORE_LIMIT)
    return {
      rescored: 0,
      fallbacks: [
        {
          pipeId: null,
          code: 'too_many_edits',
          why: `over ${PENDING_RESCORE_LIMIT} edits wait for the analysis`,
        },
      ],
    };
  let rescored = 0;
  const fallbacks: PendingFallback[] = [];
  for (const pipeId of pending) {
    const outcome = await rescorePipe(tx, datasetId, analysisId, pipeId);
    if (outcome.rescored) rescored += 1;
    else fallbacks.push({ pipeId, code: outcome.code, why: outcome.why });
  }
  if (fallbacks.length === 0)
    await tx.execute(sql`UPDATE analyses SET edit_seq = ${latest} WHERE id = ${analysisId}`);
  return { rescored, fallbacks };
}
