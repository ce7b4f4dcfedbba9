// pg-boss on either backend (ARCHITECTURE.md). Both go through pg-boss's `db` adapter so jobs share the
// server's connection: the pg pool on PostgreSQL, the single PGlite instance when embedded.
import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';

type Rows = { rows: unknown[]; rowCount?: number | null };

function adapterFor(database: Database): PgBoss.Db {
  const { pglite, pool } = database;
  if (pool) {
    return { executeSql: (text: string, values?: unknown[]) => pool.query(text, values) as Promise<Rows> };
  }
  if (!pglite) throw new Error('database has neither a pool nor a PGlite instance');
  return {
    // PGlite's query() takes exactly one statement; pg-boss's parameterless SQL (migrations, maintenance) may
    // hold several, which only exec() runs. exec() answers one result per statement: the last one matters.
    async executeSql(text: string, values?: unknown[]): Promise<Rows> {
      if (values && values.length > 0) {
        const r = await pglite.query(text, values);
        return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
      }
      const results = await pglite.exec(text);
      const last = results.at(-1);
      return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
    },
  };
}

/** `options` e.g. turn maintenance off for a process that only sends jobs, or (tests) slow the workers' polls. */
export function createBoss(
  database: Database,
  options: PgBoss.MaintenanceOptions & PgBoss.SchedulingOptions & PgBoss.JobPollingOptions = {},
): PgBoss {
  return new PgBoss({
    ...options,
    db: adapterFor(database),
    schema: 'pgboss',
  });
}

const DEADLOCK = '40P01';
const QUEUE_ATTEMPTS = 8;
/** This process's queue creations, one at a time (the API's sender and the worker hold a pg-boss each). */
let creating: Promise<unknown> = Promise.resolve();

/**
 * Creates the queue if it is missing. pg-boss's create_queue takes its locks in an order that deadlocks with
 * another connection creating a queue at the same moment (PostgreSQL answers 40P01 to one of them; two pg-boss
 * instances creating six queues each at once deadlocked 128 times in 160): on a fresh database the API's first job
 * and the worker's start did, and the error ended the server. This process's creations go one at a time; one that
 * another process deadlocks with is rolled back whole, so it is tried again after a short, jittered wait.
 */
export function ensureQueue(boss: Pick<PgBoss, 'createQueue'>, name: string): Promise<void> {
  const run = creating.then(async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== DEADLOCK || attempt >= QUEUE_ATTEMPTS) throw err;
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt + Math.random() * 100));
      }
    }
  });
  creating = run.catch(() => undefined);
  return run;
}
