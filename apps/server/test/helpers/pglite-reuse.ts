// One embedded database per Vitest worker, emptied between the test files that use it. Opening PGlite from the
// migrated template costs ~3 s a file on an idle 2-core machine (2026-12-01: 0.7–1 s the instance and the 68 MB
// template, 1.5–2 s the PostGIS bundle it unpacks and compiles each time); emptying one takes a small part of it.
// The server project shares a worker's modules between its files (apps/server/vitest.config.ts), so the instance a
// file gave back is there for the next. A file must find what a fresh copy of the template holds: no rows but the
// template's, every sequence at its start, no session state, no queue schema, and the same catalog. Anything else
// a file changed (a table, a function, a role, a setting) makes the instance unfit, and the next file opens a new
// one.
import type { PGlite } from '@electric-sql/pglite';

/** Tables whose rows the template holds (the migrations' record, PostGIS's reference systems): kept, and counted. */
const TEMPLATE_ROWS = ['drizzle.__drizzle_migrations', 'public.spatial_ref_sys'];

/** pg-boss makes its schema when the first job is sent (jobs/sender.ts); a fresh template has none. */
const RUNTIME_SCHEMAS = ['pgboss'];

/**
 * What must read the same after a reset as in the template: the catalog of every schema but the system's, the
 * roles and their settings, the extensions, and the count of the template's own rows.
 */
const FINGERPRINT = `
  WITH user_ns AS (
    SELECT oid, nspname FROM pg_namespace
    WHERE nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND nspname NOT LIKE 'pg_temp%'
      AND nspname NOT LIKE 'pg_toast_temp%'
  )
  SELECT md5(concat_ws('|',
    (SELECT string_agg(nspname, ',' ORDER BY nspname) FROM user_ns),
    (SELECT string_agg(format('%s.%s:%s:%s', n.nspname, c.relname, c.relkind, c.relrowsecurity), ','
       ORDER BY n.nspname, c.relname) FROM pg_class c JOIN user_ns n ON n.oid = c.relnamespace),
    (SELECT string_agg(format('%s.%s:%s:%s:%s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull,
       a.atthasdef), ',' ORDER BY a.attrelid::regclass::text, a.attnum)
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN user_ns n ON n.oid = c.relnamespace
       WHERE a.attnum > 0 AND NOT a.attisdropped),
    (SELECT string_agg(format('%s.%s:%s', conrelid::regclass, conname, contype), ',' ORDER BY 1)
       FROM pg_constraint c JOIN user_ns n ON n.oid = c.connamespace),
    (SELECT string_agg(format('%s.%s:%s', tgrelid::regclass, tgname, tgenabled), ',' ORDER BY 1)
       FROM pg_trigger WHERE NOT tgisinternal),
    (SELECT string_agg(format('%s.%s:%s', polrelid::regclass, polname, md5(coalesce(pg_get_expr(polqual, polrelid), '')
       || coalesce(pg_get_expr(polwithcheck, polrelid), ''))), ',' ORDER BY 1) FROM pg_policy),
    (SELECT string_agg(format('%s.%s:%s', n.nspname, p.proname, md5(p.prosrc)), ',' ORDER BY 1)
       FROM pg_proc p JOIN user_ns n ON n.oid = p.pronamespace),
    (SELECT string_agg(format('%s:%s%s%s', rolname, rolsuper, rolcanlogin, rolbypassrls), ',' ORDER BY rolname)
       FROM pg_roles),
    (SELECT string_agg(coalesce(array_to_string(setconfig, ';'), ''), ',' ORDER BY setdatabase, setrole)
       FROM pg_db_role_setting),
    (SELECT string_agg(format('%s:%s', extname, extversion), ',' ORDER BY extname) FROM pg_extension),
    ${TEMPLATE_ROWS.map((t) => `(SELECT count(*) FROM ${t})`).join(',\n    ')}
  )) AS fingerprint`;

export interface Kept {
  readonly pglite: PGlite;
  /** The template's fingerprint, read when the instance was opened. */
  readonly fingerprint: string;
  /** Statements that put every sequence, and the planner's size of every table and index, back as the template had them. */
  readonly restore: string;
}

let kept: Kept | undefined;

/** PIPEWISE_TEST_PGLITE_DEBUG=1 says why an instance was not reused. */
const debug = (why: string) => {
  if (process.env['PIPEWISE_TEST_PGLITE_DEBUG']) console.error(`pglite-reuse: a new instance: ${why}`);
};

const fingerprintOf = async (pglite: PGlite): Promise<string> =>
  (await pglite.query<{ fingerprint: string }>(FINGERPRINT)).rows[0]!.fingerprint;

/** Relations of the schemas a reset empties: the tables, their indexes and TOAST. */
const USER_RELATIONS = `
  SELECT c.oid, c.relkind, format('%I.%I', n.nspname, c.relname) AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname <> ALL ($1)`;

/** What a reset compares and restores, read from an instance fresh from the template. */
export async function templateStateOf(pglite: PGlite): Promise<Kept> {
  const sequences = (
    await pglite.query<{ name: string; last_value: string | null }>(
      `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text FROM pg_sequences
       WHERE schemaname <> ALL ($1)`,
      [RUNTIME_SCHEMAS],
    )
  ).rows.map((r) =>
    r.last_value === null
      ? `ALTER SEQUENCE ${r.name} RESTART;`
      : `SELECT setval('${r.name}', ${r.last_value});`,
  );
  // The planner reads a relation's size from here; a file's ANALYZE or TRUNCATE changes it.
  const sizes = (
    await pglite.query<{ oid: number; reltuples: number; relpages: number; relallvisible: number }>(
      `SELECT c.oid, c.reltuples, c.relpages, c.relallvisible FROM pg_class c JOIN (${USER_RELATIONS}) u ON u.oid = c.oid`,
      [RUNTIME_SCHEMAS],
    )
  ).rows;
  const values = sizes.map((r) => `(${r.oid}, ${r.reltuples}, ${r.relpages}, ${r.relallvisible})`).join(', ');
  const restore = [
    ...sequences,
    `UPDATE pg_class c SET reltuples = t.reltuples, relpages = t.relpages, relallvisible = t.relallvisible
     FROM (VALUES ${values}) AS t(oid, reltuples, relpages, relallvisible) WHERE c.oid = t.oid::oid;`,
  ].join('\n');
  return { pglite, fingerprint: await fingerprintOf(pglite), restore };
}

/** The instance a file gave back, emptied back to the template's state; undefined when there is none or it is unfit. */
export async function takeKeptPglite(): Promise<Kept | undefined> {
  const candidate = kept;
  kept = undefined;
  if (!candidate) return undefined;
  try {
    await reset(candidate);
    if ((await fingerprintOf(candidate.pglite)) === candidate.fingerprint) return candidate;
    debug('the catalog differs from the template after the reset');
  } catch (error) {
    // Left in a state a reset cannot undo (an aborted transaction, a broken catalog): a new one is opened.
    debug(`the reset failed: ${String(error)}`);
  }
  await candidate.pglite.close().catch(() => undefined);
  return undefined;
}

/** A file is done with its instance: kept for the next file (one at a time), or closed. */
export async function keepPglite(k: Kept): Promise<void> {
  if (kept || k.pglite.closed) {
    if (!k.pglite.closed) await k.pglite.close();
    return;
  }
  kept = k;
}

async function reset({ pglite, restore }: Kept): Promise<void> {
  // Session state first: prepared statements, temporary tables, settings, advisory locks, LISTENs.
  await pglite.exec('DISCARD ALL');
  // Only tables a file wrote to have pages: the others are as the template left them (TRUNCATE makes new files for
  // every table it names, so naming all of them cost more than the rest of the reset).
  const written = (
    await pglite.query<{ name: string }>(
      `SELECT u.name FROM (${USER_RELATIONS}) u
       WHERE u.relkind IN ('r', 'p') AND u.name <> ALL ($2) AND pg_relation_size(u.oid) > 0`,
      [RUNTIME_SCHEMAS, TEMPLATE_ROWS],
    )
  ).rows.map((r) => r.name);
  // TRUNCATE rather than DELETE: a table left with dead pages, or with the statistics of a file's data, changes the
  // planner's choices (a stale PostGIS estimate failed a query with 'invalid join selectivity', and a join on stale
  // sizes timed out), so the next file must find empty files and no statistics, as on a fresh copy.
  await pglite.query(`DELETE FROM pg_statistic s USING (${USER_RELATIONS}) u WHERE s.starelid = u.oid`, [
    RUNTIME_SCHEMAS,
  ]);
  await pglite.exec(`
    ${written.length > 0 ? `TRUNCATE ${written.join(', ')} RESTART IDENTITY CASCADE;` : ''}
    DELETE FROM pg_statistic_ext_data;
    ${restore}
    ${RUNTIME_SCHEMAS.map((s) => `DROP SCHEMA IF EXISTS ${s} CASCADE;`).join('\n')}
    SELECT pg_stat_reset();
  `);
}
