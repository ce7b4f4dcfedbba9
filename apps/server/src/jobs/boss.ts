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
