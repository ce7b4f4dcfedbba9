// Starting and listing analysis runs (spec 001 §7 analyses/all/execute; issue 4).
import { DATASET_STATUS, can, type AnalysisExecuteResponse, type AnalysisRun } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { withTenant, type Database, type Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, assertNotDemo, forbidden, notFound } from '../../lib/errors.ts';
import { queueAnalysis, sendAnalysis } from './analysis-queue.ts';
import { listRuns } from './analysis.repository.ts';
import { queuePlaces } from './queue-position.ts';
import { isArchived } from './superseded.ts';

async function assertDataset(tx: Db, datasetId: number): Promise<void> {
  const found = await tx.execute(sql`SELECT 1 FROM datasets WHERE id = ${datasetId}`);
  if (found.rows.length === 0) throw notFound('Dataset not found.');
}

/** Administrators start an analysis; a queued or running one is superseded (the newest request wins). */
export async function executeAnalysis(
  deps: Deps,
  me: AuthUser,
  datasetId: number,
): Promise<AnalysisExecuteResponse> {
  assertNotDemo(me);
  if (!can(me, 'importData')) throw forbidden('Only administrators can start an analysis.');
  const job = await withTenant(deps.database.db, me.clientId, async (tx) => {
    await assertDataset(tx, datasetId);
    // Its run would only cancel itself (superseded.ts): say so now instead of a run that ends cancelled.
    if (await isArchived(tx, datasetId))
      throw new AppError(
        409,
        'CONFLICT',
        'This version was replaced by a newer one; open the current version to run its analysis.',
      );
    return queueAnalysis(tx, { clientId: me.clientId, datasetId, reason: 'execute', userId: me.id });
  });
  await sendAnalysis(deps.jobs, job);
  const status = await withTenant(deps.database.db, me.clientId, async (tx) => {
    const r = await tx.execute(sql`SELECT status FROM datasets WHERE id = ${datasetId}`);
    return Number((r.rows[0] as { status: number } | undefined)?.status ?? DATASET_STATUS.UNKNOWN);
  });
  return { analysis_id: job.analysisId, status };
}

export async function listAnalyses(deps: Deps, me: AuthUser, datasetId: number): Promise<AnalysisRun[]> {
  const runs = await withTenant(deps.database.db, me.clientId, async (tx) => {
    await assertDataset(tx, datasetId);
    return listRuns(tx, datasetId);
  });
  return withQueuePlaces(deps.database, runs);
}

/** Queued runs with their place in the queue (queue-position.ts; after the tenant transaction: it reads pg-boss's). */
export async function withQueuePlaces(database: Database, runs: AnalysisRun[]): Promise<AnalysisRun[]> {
  const queued = runs.filter((r) => r.stage === 'queued').map((r) => r.id);
  if (queued.length === 0) return runs;
  const places = await queuePlaces(database, queued);
  return runs.map((r) => {
    const place = places.get(r.id);
    return place ? { ...r, queue_position: place.position, queue_wait_seconds: place.waitSeconds } : r;
  });
}
