import { mkdirSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';

/** Writes a benchmark result with the machine it ran on. */
export function writeResult(name, result) {
  const dir = resolve(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  const body = {
    name,
    at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      memory_gib: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    ...result,
  };
  writeFileSync(resolve(dir, `${name}.json`), JSON.stringify(body, null, 2) + '\n');
  console.log(JSON.stringify(body, null, 2));
}

/** One statement on the PostgreSQL server itself (CREATE / DROP DATABASE of a bench), on a connection of its own. */
export async function adminQuery(adminUrl, query) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

/** The PostgreSQL server benches use unless told (PIPEWISE_BENCH_PG_URL, else the tests' PIPEWISE_TEST_PG_URL). */
export const benchAdminUrl =
  process.env.PIPEWISE_BENCH_PG_URL ??
  process.env.PIPEWISE_TEST_PG_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh database for one bench run: a new PostgreSQL database on the bench server, or PGlite in a temporary
 * folder. `dispose` closes it and removes it (DROP DATABASE / the folder), whatever the run did, unless BENCH_KEEP=1.
 */
export async function openBenchDatabase(kind, name) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { openDatabase, openPostgres } = await import('../apps/server/src/db/database.ts');
  const dataDir = mkdtempSync(resolve(tmpdir(), `pw-bench-${name}-`));
  const dbName = `pw_bench_${name.replace(/\W/g, '_')}_${process.pid}`;
  let database;
  if (kind === 'pglite') database = await openDatabase({ dataDir });
  else {
    await adminQuery(benchAdminUrl, `CREATE DATABASE ${dbName}`);
    const target = new URL(benchAdminUrl);
    target.pathname = `/${dbName}`;
    database = await openPostgres(target.toString(), 4);
  }
  const dispose = async () => {
    await database.close();
    // BENCH_KEEP=1 leaves the database for EXPLAIN ANALYZE after the run (PGlite: its folder).
    if (process.env.BENCH_KEEP === '1') return console.log(`kept ${kind === 'pglite' ? dataDir : dbName}`);
    if (kind !== 'pglite') await adminQuery(benchAdminUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { database, dataDir, dispose };
}

/** The cookie and header of the CSRF double submit for a token the server issued (GET /api/csrf). */
export const csrfHeaders = (token) => ({ cookie: `pw_csrf=${token}`, 'x-csrf-token': token });

/**
 * CSRF headers from GET /api/csrf through `app.inject`. The server signs the token and binds it to the session of
 * the bearer (issue 37): without `access` it is anonymous, good for logging in; with it, for that session's calls.
 */
export async function injectCsrf(app, access) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/csrf',
    headers: access ? { authorization: `Bearer ${access}` } : {},
  });
  if (res.statusCode !== 200) throw new Error(`GET /api/csrf: ${res.statusCode} ${res.body}`);
  return csrfHeaders(res.json().csrf_token);
}

/** The same over HTTP, for benches that talk to a running server at `base`. */
export async function fetchCsrf(base, access) {
  const res = await fetch(`${base}/api/csrf`, {
    headers: access ? { authorization: `Bearer ${access}` } : {},
  });
  if (!res.ok) throw new Error(`GET /api/csrf: ${res.status} ${await res.text()}`);
  return csrfHeaders((await res.json()).csrf_token);
}

/**
 * Logs in through `app.inject` as the web does: POST /api/token with an anonymous CSRF token, then a token bound to
 * the new session. `headers` carry the bearer and that token, for every later call of the session.
 */
export async function injectLogin(app, email, password) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/token',
    headers: await injectCsrf(app),
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login ${email}: ${login.statusCode} ${login.body}`);
  const { access, refresh } = login.json();
  return {
    access,
    refresh,
    headers: { ...(await injectCsrf(app, access)), authorization: `Bearer ${access}` },
  };
}
