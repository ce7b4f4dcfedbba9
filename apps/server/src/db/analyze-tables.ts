// Fresh planner statistics after bulk writes: an embedded database never autovacuums, and with the row counts of an
// empty table the planner joined 700 mesh cells against 20k pipes one by one (the analysis job runs this first),
// and linked valves to pipes by native id on a nested loop (34.8 s against 0.75 s analysed; the import runs it
// before it links).
import { sql } from 'drizzle-orm';
import { withSystem, type Database } from './database.ts';

export const INPUT_TABLES = ['pipes', 'breaks', 'valves', 'point_assets', 'areas', 'population_regions'];
export const RESULT_TABLES = ['pipe_results', 'vis_segments', 'area_results'];

/**
 * Their JSON and array columns have no statistics (migration 0021: most of ANALYZE's time, of no use to a plan); a
 * JSON or array column added to one of these tables should get `SET STATISTICS 0` in its migration too.
 *
 * ANALYZE needs the tables' owner: the system context (the connection's own role), outside any tenant. One table a
 * transaction: on the embedded database other requests get the connection between them.
 */
export async function analyzeTables(database: Database, tables: readonly string[]): Promise<void> {
  for (const table of await staleTables(database, tables)) {
    await withSystem(database.db, async (tx) => {
      await tx.execute(sql.raw(`ANALYZE ${table}`));
    });
  }
}

/**
 * On the embedded database, the tables changed since they were last analysed (or never analysed, or whose counters
 * were lost with a crash): an explicit or nightly re-run of unchanged data skips ANALYZE, which there holds the only
 * connection and the event loop (pipes of the 20k-pipe town: 0.7 s). Its one backend counts every change at once.
 * PostgreSQL always analyses: another backend's counts reach the statistics up to a second late (an import just
 * committed could look unchanged), and its pool serves other requests meanwhile.
 */
async function staleTables(database: Database, tables: readonly string[]): Promise<readonly string[]> {
  if (database.kind !== 'pglite') return tables;
  // Changes are counted in the backend and reach the statistics at most once a second: flush them first.
  await withSystem(database.db, (tx) => tx.execute(sql`SELECT pg_stat_force_next_flush()`));
  const rows = await withSystem(
    database.db,
    async (tx) =>
      (
        await tx.execute(sql`
          SELECT relname FROM pg_stat_user_tables
          WHERE schemaname = 'public'
            AND relname IN (SELECT json_array_elements_text(${JSON.stringify(tables)}::json))
            AND n_mod_since_analyze = 0 AND (last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL)`)
      ).rows,
  );
  const fresh = new Set(rows.map((r) => String(r['relname'])));
  return tables.filter((t) => !fresh.has(t));
}
