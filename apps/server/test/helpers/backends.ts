// The API suite runs on PGlite always and on PostgreSQL + PostGIS when PIPEWISE_TEST_PG_URL is set.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import {
  openPglite,
  openPostgres,
  pgliteDatabase,
  type Database,
  type DatabaseKind,
} from '../../src/db/database.ts';
import { keepPglite, takeKeptPglite, templateStateOf, type Kept } from './pglite-reuse.ts';

export const PG_URL = process.env['PIPEWISE_TEST_PG_URL'];
export const BACKENDS: DatabaseKind[] = PG_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  database: Database;
  dispose(): Promise<void>;
}

/** A fresh, migrated database: a copy of the template data dir, or a new PostgreSQL database. */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    // A worker's files take turns with one instance, emptied between them (pglite-reuse.ts).
    const state = (await takeKeptPglite()) ?? (await openFromTemplate());
    const database = pgliteDatabase(state.pglite, 'PGlite (in memory, test)');
    return { database, dispose: () => keepPglite(state) };
  }
  if (!PG_URL) throw new Error('PIPEWISE_TEST_PG_URL is not set');
  const name = `pipewise_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const template = inject('pgTemplate');
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  await database.migrate();
  return {
    database,
    dispose: async () => {
      await database.close();
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

async function openFromTemplate(): Promise<Kept> {
  const database = await openPglite(undefined, {
    loadDataDir: new Blob([await readFile(inject('pgliteTemplate'))]),
  });
  await database.migrate();
  return templateStateOf(database.pglite!);
}
