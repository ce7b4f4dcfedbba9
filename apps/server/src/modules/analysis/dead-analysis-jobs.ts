// Issue 37: on PostgreSQL, the pg-boss job of an analysis whose process was killed stayed 'active' until its 6 h
// expiry, beside the job the resume sweep sent for the same run (a retry then could take the run up a second time
// hours later). The run's own heartbeat says when its worker is gone (run-progress.ts: a live worker renews it
// every few seconds), which pg-boss 10 cannot know: a job whose run has not been heartbeated for a lease is a dead
// process's, and is cancelled before the sweep sends the run again.
import { sql } from 'drizzle-orm';
import { withSystem, type Database } from '../../db/database.ts';
import { ANALYSIS_QUEUE } from './analysis-queue.ts';
import { LEASE_SECONDS } from './run-progress.ts';

/** Cancels the active analysis jobs no live worker holds; answers their ids. */
export async function settleDeadAnalysisJobs(database: Database): Promise<string[]> {
  return withSystem(database.db, async (tx) => {
    const exists = await tx.execute(sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`);
    if (!exists.rows[0]?.['ok']) return [];
    // singleton_key as sendAnalysis sets it; one statement, so of two sweeping workers only one takes each job.
    const r = await tx.execute(sql`
      UPDATE pgboss.job j SET state = 'cancelled', completed_on = now()
      FROM analyses a
      WHERE j.name = ${ANALYSIS_QUEUE} AND j.state = 'active'
        AND j.singleton_key = 'analysis-' || a.id
        AND j.started_on < now() - make_interval(secs => ${LEASE_SECONDS})
        AND (a.heartbeat_at IS NULL OR a.heartbeat_at < now() - make_interval(secs => ${LEASE_SECONDS}))
      RETURNING j.id::text AS id`);
    return r.rows.map((row) => String(row['id']));
  });
}
