// Jobs a stopped process held (issue 37: after kill -9 a plan stayed 'running' 30 minutes and an export 14 until
// pg-boss's expiry retried them). pg-boss 10 keeps no heartbeat of the process running a job, so what is known is
// used: on the embedded database there is one process, and every active job a starting worker finds is a dead
// process's; on PostgreSQL, several workers may share the queue, and a job active longer than its queue's bound (no
// live run lasts that long) is a dead one's. A heartbeat per running job is the next step for the PostgreSQL case.
import { sql } from 'drizzle-orm';
import { withSystem, type Database } from '../db/database.ts';

export interface DeadJob<T> {
  readonly id: string;
  readonly data: T;
}

/**
 * The active jobs of `queue` a stopped process left, cancelled so that pg-boss neither retries them later beside
 * their resumption nor counts them as running; answers them for the caller to resume. One statement, as pg-boss's
 * own cancel writes it, so that of two workers sweeping at once only one takes each job.
 */
export async function settleDeadJobs<T>(
  database: Database,
  queue: string,
  boundSeconds: number,
  atStart: boolean,
): Promise<DeadJob<T>[]> {
  const olderThan = database.kind === 'pglite' && atStart ? 0 : boundSeconds;
  return withSystem(database.db, async (tx) => {
    const exists = await tx.execute(sql`SELECT to_regclass('pgboss.job') IS NOT NULL AS ok`);
    if (!exists.rows[0]?.['ok']) return [];
    const r = await tx.execute(sql`
      UPDATE pgboss.job SET state = 'cancelled', completed_on = now()
      WHERE name = ${queue} AND state = 'active'
        AND started_on <= now() - make_interval(secs => ${olderThan})
      RETURNING id::text AS id, data`);
    return r.rows.map((row) => ({ id: String(row['id']), data: row['data'] as T }));
  });
}
