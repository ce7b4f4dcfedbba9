// One Drizzle query layer over either backend (ARCHITECTURE.md): embedded PGlite or a real PostgreSQL.
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { privateDirSync } from '../lib/private-files.ts';
import * as accountSchema from './schema.ts';
import * as analysisSchema from './schema-analysis.ts';
import * as filtersSchema from './schema-filters.ts';
import * as networkSchema from './schema-network.ts';
import * as plannerSchema from './schema-planner.ts';

const schema = { ...accountSchema, ...networkSchema, ...analysisSchema, ...filtersSchema, ...plannerSchema };

export type Schema = typeof schema;
/** Both drivers answer raw `execute()` with at least `{ rows }` (node-postgres QueryResult, PGlite Results). */
export interface RowsResultHKT extends PgQueryResultHKT {
  type: { rows: Record<string, unknown>[] };
}
/** A database handle or a transaction: repositories accept either. */
export type Db = PgDatabase<RowsResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

export interface Database {
  kind: DatabaseKind;
  db: Db;
  /** Human-readable location for the start banner (never includes a password). */
  description: string;
  /** The raw PGlite instance (pg-boss adapter), when embedded. */
  pglite?: PGlite;
  /** The pg pool, when on PostgreSQL. */
  pool?: pg.Pool;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Embedded PostgreSQL. With `loadDataDir` (a tarball of a data dir) and no `dataDir`, it runs in memory:
 * tests start from a migrated template that way in ~2 s instead of copying files.
 */
export async function openPglite(
  dataDir: string | undefined,
  opts: { loadDataDir?: Blob } = {},
): Promise<Database> {
  // The PostGIS bundle must be registered when PGlite starts; CREATE EXTENSION happens in migration 0000.
  if (dataDir) privateDirSync(dataDir);
  const client = await PGlite.create({ dataDir, loadDataDir: opts.loadDataDir, extensions: { postgis } });
  return pgliteDatabase(client, dataDir ? `PGlite (embedded) at ${dataDir}` : 'PGlite (in memory)');
}

/** The query layer over a PGlite instance already open (tests reuse one instance between files). */
export function pgliteDatabase(client: PGlite, description: string): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    description,
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  // No JIT on our connections (a URL's own `options` still wins): PostGIS declares its functions expensive, so the
  // planner JIT-compiled statements that run in milliseconds. Measured: 3 s of compiling for 0.4 s of work on the
  // densest tile of a 100k-pipe town, 234 of 257 ms in each slice of the segments' geometry write. Nothing here
  // runs long enough to repay a compile.
  const hasOptions = new URL(url).searchParams.has('options');
  const pool = new pg.Pool({ connectionString: url, max, ...(hasOptions ? {} : { options: '-c jit=off' }) });
  // An idle connection dropped by the server (restart, failover, admin shutdown) must not crash the process:
  // the pool replaces it on the next query, and errors of running queries still reach their caller.
  pool.on('error', (err: Error & { code?: string }) => {
    if (err.code !== '57P01') process.emitWarning(`PostgreSQL idle connection error: ${err.message}`);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  await pool.query('select 1');
  const u = new URL(url);
  return {
    kind: 'postgres',
    db,
    description: `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`,
    pool,
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(path.join(opts.dataDir, 'pglite'));
}

/** Tenant context: RLS applies (SET LOCAL ROLE pipewise_app) for the given client, for one transaction. */
export function withTenant<T>(db: Db, clientId: number, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL ROLE pipewise_app`);
    await tx.execute(sql`SELECT set_config('app.client_id', ${String(clientId)}, true)`);
    return fn(tx as unknown as Db);
  });
}

/** Runs one tenant transaction; a job's long chain of them is a series of such steps (tenantSteps). */
export type TenantStep = <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;

/**
 * Tenant transactions for a job that runs many in a row (an analysis, an import). On the embedded database a query
 * runs on this thread and settles its promise as a microtask, so a chain of short transactions ran back to back
 * without the event loop taking a turn: a request arriving meanwhile was not even read until the chain ended (4–8 s
 * on the 20k-pipe town, bench/edit-stall.bench.mjs). One macrotask turn before each transaction lets requests in.
 */
export function tenantSteps(database: Database, clientId: number): TenantStep {
  return async (fn) => {
    if (database.kind === 'pglite') await nextTurn();
    return withTenant(database.db, clientId, fn);
  };
}

/** System context: login, refresh, seed, staff listings. Runs as the connecting role, in one transaction. */
export function withSystem<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => fn(tx as unknown as Db));
}
