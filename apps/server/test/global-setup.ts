// Builds ONE migrated PGlite data dir for the whole suite (creating one with PostGIS takes ~15 s and ~1 GB:
// ARCHITECTURE.md), cached as a tarball keyed by the content of the migrations folder. Each test file loads it
// into an in-memory PGlite (~2 s; copying the directory and opening it from disk took ~4 s).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { MIGRATIONS_DIR, openPglite, openPostgres } from '../src/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** Name of a migrated PostgreSQL template database, when PIPEWISE_TEST_PG_URL is set. */
    pgTemplate: string | undefined;
  }
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, name.name);
      if (name.isDirectory()) walk(file);
      else hash.update(name.name).update(readFileSync(file));
    }
  };
  walk(MIGRATIONS_DIR);
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(project: TestProject) {
  const cacheRoot = path.resolve(
    import.meta.dirname,
    '../../../node_modules/.cache/pipewise-pglite-template',
  );
  const template = path.join(cacheRoot, `${migrationsHash()}.tar`);
  if (!existsSync(template)) {
    await mkdir(cacheRoot, { recursive: true });
    // Templates of older migrations (not build dirs: another run may be building right now).
    for (const old of readdirSync(cacheRoot).filter((f) => f.endsWith('.tar'))) {
      await rm(path.join(cacheRoot, old), { force: true });
    }
    const building = path.join(cacheRoot, `build-${process.pid}`);
    await rm(building, { recursive: true, force: true });
    const database = await openPglite(building);
    await database.migrate();
    const tar = await database.pglite!.dumpDataDir('none');
    await database.close();
    await writeFile(`${template}.tmp-${process.pid}`, Buffer.from(await tar.arrayBuffer()));
    // Atomic publish: a concurrent run either sees the whole template or none.
    await rename(`${template}.tmp-${process.pid}`, template);
    await rm(building, { recursive: true, force: true });
  }
  project.provide('pgliteTemplate', template);
  project.provide('pgTemplate', await postgresTemplate());
}

/** How long a template of other migrations is kept: longer than any run that may still copy it. */
const TEMPLATE_KEEP_MS = 24 * 3600_000;

/** Same idea on PostgreSQL: each test file's database is a CREATE DATABASE … TEMPLATE copy (no migrations). */
async function postgresTemplate(): Promise<string | undefined> {
  const url = process.env['PIPEWISE_TEST_PG_URL'];
  if (!url) return undefined;
  const name = `pipewise_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Templates of older migrations are of no use any more, once no run can still be copying them: another
    // checkout at another migration (a clean clone beside a working copy) shares this server, and dropping its
    // template mid-run failed every one of its PostgreSQL files. So a template is dropped only a day after it was
    // built (its comment says when); one without a date is from before this rule.
    const stale = await admin.query<{ datname: string; note: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS note FROM pg_database
       WHERE datname LIKE 'pipewise\\_tpl\\_%' AND datname NOT LIKE '%\\_build\\_%' AND datname <> $1`,
      [name],
    );
    for (const { datname, note } of stale.rows) {
      const built = Number(/built (\d+)/.exec(note ?? '')?.[1] ?? 0);
      if (Date.now() - built > TEMPLATE_KEEP_MS)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return name;
    const building = `${name}_build_${process.pid}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const target = new URL(url);
    target.pathname = `/${building}`;
    const database = await openPostgres(target.toString(), 1);
    await database.migrate();
    await database.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    await admin.query(`COMMENT ON DATABASE ${name} IS 'pipewise test template, built ${Date.now()}'`);
    return name;
  } finally {
    await admin.end();
  }
}
