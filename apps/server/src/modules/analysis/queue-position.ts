// Where a queued analysis stands (issue 18: "a queue position with an estimate shown to the user"): how many runs
// start before it and about when it starts. The order is the one pg-boss fetches in — priority (the fair rank of
// sendAnalysis), then age — read from its job table, so the figure is the queue's own, not a second guess of it;
// the runs ahead are every client's (only their number and size are used). Worked out when read, nothing stored.
import { sql } from 'drizzle-orm';
import { withSystem, type Database } from '../../db/database.ts';
import { ANALYSIS_QUEUE } from './analysis-queue.ts';
import { etaSeconds } from './eta.ts';
import { LEASE_SECONDS } from './run-progress.ts';

export interface QueuePlace {
  /** 1: the next run to start once the runs under way have ended. */
  position: number;
  /** Seconds until it starts: the time the runs under way have left and the runs ahead will take. */
  waitSeconds: number;
}

/** Without finished runs to learn from: seconds per pipe and per run (bench/results/analysis-*.json, rounded up). */
export const DEFAULT_SECONDS_PER_PIPE = 0.004;
export const RUN_OVERHEAD_SECONDS = 10;
/** Finished runs the pace is learnt from. */
const PACE_RUNS = 20;

type Row = Record<string, unknown>;

/** A run's expected length from its dataset's pipes and the recent runs' pace. */
export const expectedSeconds = (pipes: number, secondsPerPipe: number) =>
  RUN_OVERHEAD_SECONDS + pipes * secondsPerPipe;

/**
 * The place of each run in `analysisIds` that waits in the queue (others are left out: under way, finished, or
 * waiting for the sweep to send its job again). One worker runs one analysis at a time (worker.ts), so the wait is
 * the sum of what is ahead.
 */
export async function queuePlaces(
  database: Database,
  analysisIds: readonly number[],
): Promise<Map<number, QueuePlace>> {
  const places = new Map<number, QueuePlace>();
  if (analysisIds.length === 0) return places;
  return withSystem(database.db, async (tx) => {
    // The API may answer before any job was ever sent (a fresh database): no queue, no places.
    const exists = await tx.execute(sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`);
    if (!(exists.rows[0] as Row | undefined)?.['ok']) return places;
    const pace = await tx.execute(sql`
      SELECT sum(r.seconds) AS seconds, sum(r.pipes) AS pipes FROM (
        SELECT (SELECT sum(value::float8) FROM jsonb_each_text(a.timings)) AS seconds,
          COALESCE((d.layer_counts->>'pipes')::float8, 0) AS pipes
        FROM analyses a JOIN datasets d ON d.id = a.dataset_id
        WHERE a.stage = 'complete' AND a.reason <> 'cof_scenario'
        ORDER BY a.id DESC LIMIT ${PACE_RUNS}) r`);
    const learnt = pace.rows[0] as Row | undefined;
    const secondsPerPipe =
      Number(learnt?.['pipes'] ?? 0) > 0
        ? Number(learnt!['seconds']) / Number(learnt!['pipes'])
        : DEFAULT_SECONDS_PER_PIPE;
    const running = await tx.execute(sql`
      SELECT a.stage, a.progress, a.reason, a.timings, EXTRACT(EPOCH FROM now() - a.started_at)::float8 AS elapsed_s,
        COALESCE((d.layer_counts->>'pipes')::float8, 0) AS pipes
      FROM analyses a JOIN datasets d ON d.id = a.dataset_id
      WHERE a.stage IN ('preprocess', 'lof', 'cof', 'tiling')
        AND a.heartbeat_at > now() - make_interval(secs => ${LEASE_SECONDS})`);
    let underWay = 0;
    for (const r of running.rows as Row[]) {
      const progress = Number(r['progress']);
      const eta = etaSeconds({
        stage: String(r['stage']),
        progress,
        reason: String(r['reason']),
        timings: (r['timings'] ?? {}) as Record<string, number>,
        elapsedSeconds: r['elapsed_s'] == null ? null : Number(r['elapsed_s']),
      });
      underWay += eta ?? expectedSeconds(Number(r['pipes']), secondsPerPipe) * (1 - progress / 100);
    }
    // A run may have more than one waiting job (the sweep sends again): its first in fetch order counts.
    const waiting = await tx.execute(sql`
      WITH jobs AS (
        SELECT DISTINCT ON (a.id) a.id, j.priority, j.created_on, j.id AS job_id,
          COALESCE((d.layer_counts->>'pipes')::float8, 0) AS pipes
        FROM pgboss.job j
        JOIN analyses a ON a.id = (j.data->>'analysisId')::int AND a.stage = 'queued'
        JOIN datasets d ON d.id = a.dataset_id
        WHERE j.name = ${ANALYSIS_QUEUE} AND j.state < 'active'
        ORDER BY a.id, j.priority DESC, j.created_on, j.id)
      SELECT id, pipes FROM jobs ORDER BY priority DESC, created_on, job_id`);
    const wanted = new Set(analysisIds);
    let ahead = running.rows.length;
    let wait = underWay;
    for (const r of waiting.rows as Row[]) {
      const id = Number(r['id']);
      if (wanted.has(id)) places.set(id, { position: ahead + 1, waitSeconds: Math.round(wait) });
      ahead += 1;
      wait += expectedSeconds(Number(r['pipes']), secondsPerPipe);
    }
    return places;
  });
}
