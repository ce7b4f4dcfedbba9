// Asking for an analysis of a dataset (issue 4): one `analyses` row plus one job on the 'analysis' queue. Callers:
// the import job (new data), the demo seed, `POST …/analyses/all/execute` and pipe edits (spec §7 PATCH).
import { DATASET_STATUS, type AnalysisReason } from '@pipewise/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { analyses } from '../../db/schema-analysis.ts';
import { datasets } from '../../db/schema-network.ts';
import type PgBoss from 'pg-boss';

export const ANALYSIS_QUEUE = 'analysis';

export interface AnalysisJobData {
  analysisId: number;
  clientId: number;
  datasetId: number;
  /**
   * How many unfinished runs of the same client were ahead of it when it was queued (fair scheduling: sendAnalysis
   * turns it into the job's priority). Absent: 0.
   */
  rank?: number;
}

/** What can send a job: the API's JobSender or the worker's own pg-boss. */
export interface JobSend {
  send(queue: string, data: object, options: PgBoss.SendOptions): Promise<unknown>;
}

/**
 * cof_scenario: the COF scenario changed; the run re-prices the served analysis (queueCofRerun). nightly: pipes were
 * edited (re-scored with the served model) since the served run, which retrains (nightly.ts).
 */
export type { AnalysisReason } from '@pipewise/domain';

/** Runs that have not finished: a newer request supersedes them. */
export const ACTIVE_STAGES = ['queued', 'preprocess', 'lof', 'cof', 'tiling'] as const;

/** Seeds are fixed per dataset so a rerun on unchanged data gives the same figures. */
export const analysisSeed = (datasetId: number) => 20_261_122 + datasetId;

/**
 * Records a queued analysis inside the caller's transaction and returns the job to send after it commits (a
 * job sent before the commit could start before its row is visible). A dataset without served results shows
 * WAITING; one with results stays COMPLETE and goes on serving them until the new run is swapped in
 * (analysis.job.ts), which then raises refresh_status LOF ("results changed: Refresh map", spec §4). A pipe edit
 * raises TILES at once: the edited value is in the data already and shows after a tile refresh.
 * Queued or running analyses of the dataset are superseded: the newest request wins.
 */
export async function queueAnalysis(
  tx: Db,
  req: { clientId: number; datasetId: number; reason: AnalysisReason; userId?: number | null },
): Promise<AnalysisJobData> {
  await tx
    .update(analyses)
    .set({ stage: 'cancelled', error: 'superseded by a newer analysis', finishedAt: new Date() })
    .where(and(eq(analyses.datasetId, req.datasetId), inArray(analyses.stage, [...ACTIVE_STAGES])));
  const [row] = await tx
    .insert(analyses)
    .values({
      clientId: req.clientId,
      datasetId: req.datasetId,
      reason: req.reason,
      seed: analysisSeed(req.datasetId),
      createdBy: req.userId ?? null,
    })
    .returning({ id: analyses.id });
  const rank = await clientRank(tx, req.clientId, row!.id);
  const [dataset] = await tx
    .select({ analysisId: datasets.analysisId })
    .from(datasets)
    .where(eq(datasets.id, req.datasetId));
  await tx
    .update(datasets)
    .set(
      dataset?.analysisId == null
        ? { status: DATASET_STATUS.WAITING, updatedAt: new Date() }
        : req.reason === 'override'
          ? { refreshStatus: 'TILES', updatedAt: new Date() }
          : { updatedAt: new Date() },
    )
    .where(eq(datasets.id, req.datasetId));
  return { analysisId: row!.id, clientId: req.clientId, datasetId: req.datasetId, rank };
}

/** The client's unfinished runs queued before this one (the system context sees every client: filtered by id). */
async function clientRank(tx: Db, clientId: number, analysisId: number): Promise<number> {
  const r = await tx.execute(sql`
    SELECT count(*)::int AS n FROM analyses
    WHERE client_id = ${clientId} AND id < ${analysisId}
      AND stage IN ('queued', 'preprocess', 'lof', 'cof', 'tiling')`);
  return Number((r.rows[0] as { n: number } | undefined)?.n ?? 0);
}

/**
 * A COF scenario changed (saved, enabled, deleted): re-price the dataset without re-running imputation, VIS and
 * LOF. The run starts 'queued' with reason cof_scenario; when a worker takes it, it copies the served analysis'
 * preprocess and LOF results and resumes at the COF stage (analysis.job.ts startCofRerun), which reads the
 * enabled scenario then. Returns null when no new run is needed: a full run that has not reached its COF stage
 * will read the new scenario itself. Earlier COF re-runs are superseded; a full run at COF or tiling is not (its
 * new data must not be lost): the re-run waits for it (startCofRerun).
 */
export async function queueCofRerun(
  tx: Db,
  req: { clientId: number; datasetId: number; userId?: number | null },
): Promise<AnalysisJobData | null> {
  const active = await tx
    .select({ id: analyses.id, stage: analyses.stage, reason: analyses.reason })
    .from(analyses)
    .where(and(eq(analyses.datasetId, req.datasetId), inArray(analyses.stage, [...ACTIVE_STAGES])));
  const fullRunBeforeCof = active.some(
    (a) => a.reason !== 'cof_scenario' && ['queued', 'preprocess', 'lof'].includes(a.stage),
  );
  if (fullRunBeforeCof) return null;
  await tx
    .update(analyses)
    .set({ stage: 'cancelled', error: 'superseded by a newer COF scenario', finishedAt: new Date() })
    .where(
      and(
        eq(analyses.datasetId, req.datasetId),
        eq(analyses.reason, 'cof_scenario'),
        inArray(analyses.stage, [...ACTIVE_STAGES]),
      ),
    );
  const [row] = await tx
    .insert(analyses)
    .values({
      clientId: req.clientId,
      datasetId: req.datasetId,
      reason: 'cof_scenario',
      seed: analysisSeed(req.datasetId),
      createdBy: req.userId ?? null,
    })
    .returning({ id: analyses.id });
  await tx.execute(sql`UPDATE datasets SET updated_at = now() WHERE id = ${req.datasetId}`);
  const rank = await clientRank(tx, req.clientId, row!.id);
  return { analysisId: row!.id, clientId: req.clientId, datasetId: req.datasetId, rank };
}

/**
 * Sends the job of a committed queueAnalysis. Retries cover a worker that died mid-run (stages resume).
 * Fair between clients (issue 18: one client's 60 imports held another's 24-pipe analysis for 10.8 minutes): pg-boss
 * takes the highest priority first, then the oldest, so a client's n-th unfinished run goes after every other
 * client's runs with fewer ahead of them — round robin between clients, first come first served within one.
 */
export async function sendAnalysis(jobs: JobSend, job: AnalysisJobData): Promise<void> {
  await jobs.send(ANALYSIS_QUEUE, job, {
    priority: -(job.rank ?? 0),
    retryLimit: 3,
    retryDelay: 5,
    singletonKey: `analysis-${job.analysisId}`,
    expireInSeconds: 6 * 60 * 60,
  });
}
