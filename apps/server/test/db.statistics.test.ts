// ANALYZE skips the JSON and array columns of the tables the analysis and the import analyse (migration 0021, issue
// 18: their histograms were most of ANALYZE's time on the embedded database, and no plan uses them).
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { INPUT_TABLES, RESULT_TABLES } from '../src/db/analyze-tables.ts';
import { openPostgres } from '../src/db/database.ts';
import { PG_URL } from './helpers/backends.ts';
import { q } from './helpers/analysis-runs.ts';
import { forEachBackend } from './helpers/harness.ts';

forEachBackend('database: planner statistics', (h) => {
  it('keeps no statistics for JSON and array columns, and keeps them for the rest', async () => {
    const columns = await q(
      h,
      sql`SELECT c.relname AS t, a.attname AS col, COALESCE(a.attstattarget, -1) AS target,
            format_type(a.atttypid, a.atttypmod) AS type
          FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
          WHERE c.relname IN (SELECT json_array_elements_text(${JSON.stringify([...INPUT_TABLES, ...RESULT_TABLES])}::json))
            AND a.attnum > 0 AND NOT a.attisdropped`,
    );
    const off = columns.filter((c) => Number(c['target']) === 0).map((c) => `${c['t']}.${c['col']}`);
    const composite = (type: unknown) => /^(json|jsonb)$|\[\]$/.test(String(type));
    expect(off.sort()).toEqual(
      columns
        .filter((c) => composite(c['type']))
        .map((c) => `${c['t']}.${c['col']}`)
        .sort(),
    );
    expect(off).toEqual(
      expect.arrayContaining(['pipe_results.population', 'pipe_results.risk_drivers', 'pipes.attrs']),
    );
    expect(off).not.toContain('pipe_results.lof_12');
    expect(off).not.toContain('pipes.geom');
  });
});

// The embedded database has no JIT to turn off; this half runs where the suite has PostgreSQL.
it.skipIf(!PG_URL)(
  'compiles no statement on PostgreSQL: every pooled connection starts with jit off',
  async () => {
    const database = await openPostgres(PG_URL!, 3);
    try {
      // Three at once, so the pool opens three connections instead of reusing one.
      const answers = await Promise.all(
        [0, 1, 2].map(() =>
          database.db.execute(
            sql`SELECT current_setting('jit') AS jit, pg_backend_pid() AS pid, pg_sleep(0.05)`,
          ),
        ),
      );
      expect(new Set(answers.map((r) => r.rows[0]!['pid'])).size).toBe(3);
      expect(answers.map((r) => r.rows[0]!['jit'])).toEqual(['off', 'off', 'off']);
    } finally {
      await database.close();
    }
  },
);
