// Reads of the analyses table for the API (runs of a dataset, newest run per dataset for the status call).
import type { AnalysisReason, AnalysisRun } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawJson as json, type RawRow as Row } from '../../db/raw-values.ts';
import { etaSeconds } from './eta.ts';

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/**
 * What toRun reads: not the cards, summaries or stored model (the status call is polled every second). The time
 * since the start is the database's, the clock that wrote started_at.
 */
const RUN_COLUMNS = sql`a.id, a.dataset_id, a.stage, a.progress, a.reason, a.error, a.timings, a.created_at,
  a.started_at, a.finished_at, EXTRACT(EPOCH FROM now() - a.started_at)::float8 AS elapsed_s`;

function toRun(r: Row): AnalysisRun {
  const stage = r['stage'] as AnalysisRun['stage'];
  const progress = Number(r['progress']);
  const reason = String(r['reason']) as AnalysisReason;
  const timings = json<Record<string, number>>(r['timings']) ?? {};
  const elapsedSeconds = r['elapsed_s'] == null ? null : Number(r['elapsed_s']);
  return {
    id: Number(r['id']),
    dataset_id: Number(r['dataset_id']),
    stage,
    progress,
    eta_seconds: etaSeconds({ stage, progress, reason, timings, elapsedSeconds }),
    reason,
    error: (r['error'] as string | null) ?? null,
    timings,
    served: Boolean(r['served']),
    created_at: iso(r['created_at'])!,
    started_at: iso(r['started_at']),
    finished_at: iso(r['finished_at']),
  };
}

export async function listRuns(tx: Db, datasetId: number, limit = 20): Promise<AnalysisRun[]> {
  const result = await tx.execute(
    sql`SELECT ${RUN_COLUMNS}, (d.analysis_id = a.id) AS served FROM analyses a JOIN datasets d ON d.id = a.dataset_id
        WHERE a.dataset_id = ${datasetId} ORDER BY a.id DESC LIMIT ${limit}`,
  );
  return (result.rows as Row[]).map(toRun);
}

/** The newest run of each dataset (any client-visible dataset; RLS scopes it). */
export async function latestRuns(tx: Db): Promise<Map<number, AnalysisRun>> {
  const result = await tx.execute(
    sql`SELECT DISTINCT ON (a.dataset_id) ${RUN_COLUMNS}, (d.analysis_id = a.id) AS served
        FROM analyses a JOIN datasets d ON d.id = a.dataset_id ORDER BY a.dataset_id, a.id DESC`,
  );
  return new Map((result.rows as Row[]).map((r) => [Number(r['dataset_id']), toRun(r)]));
}
