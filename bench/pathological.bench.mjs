// Pathological networks and the API's event loop (issue 18: a legal import of 30,000 disconnected pipes held the API
// of every client for minutes during its analysis' preprocess write). For each network — disconnected pipes (a
// segment each), a grid of pipes, both without valves — on each database, the analysis runs in this process beside
// the API (as `npm start` runs them), while /api/health is asked every 50 ms. Reported: the event loop's largest
// delay (perf_hooks.monitorEventLoopDelay), health's answer times, the stages' compute and write times. Goal: no
// delay over 1 s.
//   PATHOLOGICAL_PIPES (default 30000), PATHOLOGICAL_DATABASES (default "pglite,postgres"),
//   PATHOLOGICAL_SHAPES (default "disconnected,grid"). PGlite runs on disk, as the server's embedded database does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite, openPostgres, withSystem } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { queueAnalysis } from '../apps/server/src/modules/analysis/analysis-queue.ts';
import { runAnalysis } from '../apps/server/src/modules/analysis/analysis.job.ts';
import { createGroup, createVersion, promoteVersion } from '../apps/server/src/modules/network/versions.ts';
import { adminQuery, benchAdminUrl, writeResult } from './lib.mjs';

const PIPES = Number(process.env.PATHOLOGICAL_PIPES ?? 30000);
const DATABASES = (process.env.PATHOLOGICAL_DATABASES ?? 'pglite,postgres').split(',');
const SHAPES = (process.env.PATHOLOGICAL_SHAPES ?? 'disconnected,grid').split(',');

/**
 * The pipes as SQL: `disconnected` — short mains 100 m apart, none touching; `grid` — a square lattice whose mains
 * meet at every crossing (one segment: no valves). Install years missing on a tenth, so imputation works too.
 */
function pipesSql(shape, clientId, datasetId) {
  const side = Math.ceil(Math.sqrt(PIPES / 2));
  const line =
    shape === 'grid'
      ? // i < side²: east-west pieces; the rest north-south, each one cell long (0.001°).
        sql`CASE WHEN i <= ${side * side}
            THEN ST_MakeLine(ST_MakePoint(-85.7 + ((i - 1) % ${side}) * 0.001, 38.2 + ((i - 1) / ${side}) * 0.001),
                             ST_MakePoint(-85.7 + ((i - 1) % ${side} + 1) * 0.001, 38.2 + ((i - 1) / ${side}) * 0.001))
            ELSE ST_MakeLine(ST_MakePoint(-85.7 + ((i - 1 - ${side * side}) % ${side}) * 0.001,
                                          38.2 + ((i - 1 - ${side * side}) / ${side}) * 0.001),
                             ST_MakePoint(-85.7 + ((i - 1 - ${side * side}) % ${side}) * 0.001,
                                          38.2 + ((i - 1 - ${side * side}) / ${side} + 1) * 0.001)) END`
      : sql`ST_MakeLine(ST_MakePoint(-85.7 + (i % 200) * 0.002, 38.2 + (i / 200) * 0.002),
                        ST_MakePoint(-85.7 + (i % 200) * 0.002 + 0.001, 38.2 + (i / 200) * 0.002))`;
  return sql`
    INSERT INTO pipes (client_id, dataset_id, native_pipe_id, geom, length_m, diameter_mm, install_year,
      material_type_code)
    SELECT ${clientId}, ${datasetId}, 'P' || i, ST_Multi(${line})::geometry(MultiLineString, 4326), 90,
      (ARRAY[100, 150, 200])[1 + i % 3], CASE WHEN i % 10 = 0 THEN NULL ELSE 1950 + i % 60 END, 1 + i % 3
    FROM generate_series(1, ${PIPES}) i`;
}

async function open(kind, dataDir) {
  if (kind === 'pglite')
    return { database: await openPglite(path.join(dataDir, 'pglite')), drop: async () => {} };
  const name = `pw_bench_patho_${process.pid}`;
  await adminQuery(benchAdminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(benchAdminUrl);
  url.pathname = `/${name}`;
  return {
    database: await openPostgres(url.toString()),
    drop: () => adminQuery(benchAdminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function measure(kind, shape) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-bench-patho-'));
  const { database, drop } = await open(kind, dataDir);
  try {
    await database.migrate();
    await seedDemo(database.db, 'Pipewise-demo-1');
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    });
    const { app } = await buildApp({ config, database });
    await app.ready();
    const clientId = 1;
    const job = await withSystem(database.db, async (tx) => {
      const groupId = await createGroup(tx, { clientId, name: `Pathological ${shape}`, userId: null });
      const { datasetId, snapshotId } = await createVersion(tx, { clientId, groupId, replaced: [] });
      await tx.execute(pipesSql(shape, clientId, datasetId));
      await promoteVersion(tx, snapshotId);
      return queueAnalysis(tx, { clientId, datasetId, reason: 'execute' });
    });
    const stages = [];
    const log = {
      info: (o, msg) =>
        msg === 'analysis: stage stored' &&
        stages.push({ stage: o.stage, computeMs: o.computeMs, writeMs: o.writeMs }),
      warn() {},
      error() {},
      debug() {},
      trace() {},
      fatal() {},
      child: () => log,
    };
    // On PGlite every statement runs on this thread: the ones over 150 ms are what blocks the API (their times
    // include a wait for health's `select 1`, at most that statement's few ms).
    const slow = [];
    /** `target`'s query and exec, timed; a transaction's own handle too (withTenant runs every statement in one). */
    const timeStatements = (target) => {
      for (const method of ['query', 'exec']) {
        const original = target[method].bind(target);
        target[method] = async (text, ...rest) => {
          const t = performance.now();
          try {
            return await original(text, ...rest);
          } finally {
            const ms = performance.now() - t;
            // health's own `select 1` waits behind the analysis' statement: a victim, not a cause.
            if (ms > 150 && !/^select 1$/i.test(String(text).trim()))
              slow.push({ ms: Math.round(ms), sql: String(text).replace(/\s+/g, ' ').slice(0, 140) });
          }
        };
      }
      return target;
    };
    if (database.pglite) {
      timeStatements(database.pglite);
      const transaction = database.pglite.transaction.bind(database.pglite);
      database.pglite.transaction = (callback) => transaction((tx) => callback(timeStatements(tx)));
    }
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const health = [];
    let running = true;
    const asking = (async () => {
      while (running) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: '/api/health' });
        health.push({ ms: performance.now() - t0, ok: res.statusCode === 200 });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const t0 = performance.now();
    await runAnalysis(database, job, { worker: 'bench', log });
    const seconds = (performance.now() - t0) / 1000;
    running = false;
    await asking;
    delay.disable();
    await app.close();
    const ms = health.map((h) => h.ms).sort((a, b) => a - b);
    const q = (p) => Math.round(ms[Math.min(ms.length - 1, Math.floor(ms.length * p))] ?? 0);
    return {
      database: kind,
      shape,
      pipes: PIPES,
      analysis_seconds: Math.round(seconds * 10) / 10,
      event_loop_delay_ms: { max: Math.round(delay.max / 1e6), p99: Math.round(delay.percentile(99) / 1e6) },
      health_ms: {
        requests: ms.length,
        p50: q(0.5),
        p99: q(0.99),
        max: Math.round(ms.at(-1) ?? 0),
        errors: health.filter((h) => !h.ok).length,
      },
      stages,
      ...(database.pglite
        ? { slow_statements: { count: slow.length, top: slow.sort((a, b) => b.ms - a.ms).slice(0, 12) } }
        : {}),
    };
  } finally {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs = [];
for (const kind of DATABASES) for (const shape of SHAPES) runs.push(await measure(kind, shape));
writeResult('pathological', {
  command: 'npm run bench pathological',
  runs,
  goal: 'event loop delay under 1 s while a pathological network is analysed beside the API',
  note: 'One process, API and worker together (npm start). PGlite on disk runs every statement on the event loop.',
});
process.exit(0);
