// Issue 18 "Keep it measured": no tenant can take the service down, and the promises stay measured. Parts, each
// a module of bench/reliability/ (see its README.md), on each database:
//   isolation  every OpenAPI operation × role × another client's ids: leaks and 5xx (isolation.mjs)
//   corpus     ≥ 500 malformed files of the five import formats through the upload API, the health latency
//              meanwhile: crashes, partial writes, 5xx, messages that name nothing; then one client's same-node
//              EPANET files beside another client's small upload (corpus.mjs, corpus-files.mjs)
//   kill       kill -9 during an import, each analysis stage, a plan and an export file, restart: true end
//              states, no partial file, nothing acknowledged lost (kill.mjs)
//   load       N virtual users reading for S seconds, with and without an analysis running (load.mjs)
//   scaleout   PostgreSQL only: two ROLE=api processes and one ROLE=worker, each job exactly once, and the load
//              figure beside one process's (scaleout.mjs)
//   import     a legal 30,000-pipe import of disconnected mains and its analysis, /api/health asked every 50 ms
//              meanwhile (big-import.mjs)
// The bench reports; it asserts nothing. Results: bench/results/reliability-<part>-<database>.json.
// Sizes (env): RELIABILITY_DBS=pglite,postgres  RELIABILITY_PARTS=isolation,corpus,kill,load,scaleout
//   RELIABILITY_SMOKE=1 (every size small: a part in 2–5 min on PostgreSQL; PGlite takes ~1 min a start, and each
//   killed analysis waits for its 90 s lease), RELIABILITY_TOWN_PIPES, and the per-part sizes named in each module
//   and in bench/reliability/README.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Api } from './reliability/api.mjs';
import { runBigImport } from './reliability/big-import.mjs';
import { runCorpus } from './reliability/corpus.mjs';
import { runIsolation } from './reliability/isolation.mjs';
import { runKill } from './reliability/kill.mjs';
import { runLoad } from './reliability/load.mjs';
import { runScaleOut } from './reliability/scaleout.mjs';
import { ACCOUNTS } from './reliability/api.mjs';
import { openStorage, PASSWORD, ServerProcess } from './reliability/server.mjs';
import { writeResult } from './lib.mjs';

const SMOKE = process.env.RELIABILITY_SMOKE === '1';
const DBS = (process.env.RELIABILITY_DBS ?? 'pglite,postgres').split(',').filter(Boolean);
const PARTS = new Set(
  (process.env.RELIABILITY_PARTS ?? 'isolation,corpus,kill,load,scaleout,import').split(','),
);
const TOWN = Number(process.env.RELIABILITY_TOWN_PIPES ?? (SMOKE ? 300 : 3000));
// Every RELIABILITY_* size the run was given, so a result says how to make it again.
const command = `${Object.entries(process.env)
  .filter(([k]) => k.startsWith('RELIABILITY_'))
  .sort()
  .map(([k, v]) => `${k}=${v}`)
  .join(' ')} npm run bench reliability`.trim();

/** Client 1's current dataset once its first analysis has ended: what the reads and the analysis runs use. */
async function demoTown(api) {
  const token = await api.login(ACCOUNTS.worker, PASSWORD);
  const datasetId = (await api.call('GET', '/api/snapshots/current', { token })).json.dataset.id;
  await api.waitAnalysed(token, datasetId);
  return datasetId;
}

/** Runs one part; a part that throws is written as its error, so the other parts still run and report. */
async function part(name, fn) {
  try {
    writeResult(name, await fn());
  } catch (error) {
    console.error(`${name} failed:`, error);
    writeResult(name, { command, error: String(error?.stack ?? error).slice(0, 2000) });
  }
}

const loadFigures = {};
/** The one-process load figure of an earlier run, when this run did not measure it (RELIABILITY_PARTS=scaleout). */
function lastLoad(db) {
  try {
    return JSON.parse(
      readFileSync(path.join(import.meta.dirname, 'results', `reliability-load-${db}.json`), 'utf8'),
    );
  } catch {
    return null;
  }
}
for (const db of DBS) {
  const shared = ['isolation', 'corpus', 'load'].filter((p) => PARTS.has(p));
  if (shared.length > 0) {
    const storage = await openStorage(db, 'main');
    const server = new ServerProcess(storage, { env: { DEMO_CITY_PIPES: String(TOWN) } });
    try {
      await server.start();
      const api = new Api(() => server.base);
      const datasetId = await demoTown(api);
      const common = {
        command,
        database: db,
        town_pipes: TOWN,
        smoke: SMOKE,
        start_seconds: server.startSeconds,
      };
      if (PARTS.has('isolation'))
        await part(`reliability-isolation-${db}`, async () => ({ ...common, ...(await runIsolation(api)) }));
      if (PARTS.has('corpus'))
        await part(`reliability-corpus-${db}`, async () => ({
          ...common,
          ...(await runCorpus({ server, api, storage, smoke: SMOKE })),
        }));
      // The corpus may have restarted the server (a crash, a stall): the load reads from the one now running.
      if (PARTS.has('load'))
        await part(`reliability-load-${db}`, async () => {
          if (!server.alive()) await server.start();
          const load = await runLoad({ servers: [server], api, datasetId, smoke: SMOKE });
          loadFigures[db] = load;
          return { ...common, ...load };
        });
    } finally {
      await server.stop();
      await storage.dispose();
    }
  }
  if (PARTS.has('import'))
    // With valves the run gets a file of its own, so it does not replace the default run's.
    await part(
      `reliability-import-${process.env.RELIABILITY_BIG_IMPORT_VALVES ? 'valves-' : ''}${db}`,
      async () => ({
        command,
        database: db,
        smoke: SMOKE,
        ...(await runBigImport({ db, smoke: SMOKE })),
      }),
    );
  if (PARTS.has('kill'))
    // A run of chosen stages gets a file of its own, so it does not replace the default run's.
    await part(
      `reliability-kill-${db}${process.env.RELIABILITY_KILL_STAGES ? `-${process.env.RELIABILITY_KILL_STAGES.replace(/,/g, '-')}` : ''}`,
      async () => ({
        command,
        database: db,
        smoke: SMOKE,
        ...(await runKill({ db, smoke: SMOKE })),
      }),
    );
}
if (PARTS.has('scaleout') && DBS.includes('postgres'))
  await part('reliability-scaleout-postgres', async () => ({
    command,
    smoke: SMOKE,
    ...(await runScaleOut({
      smoke: SMOKE,
      town: TOWN,
      oneProcess: loadFigures.postgres ?? lastLoad('postgres'),
    })),
  }));
