// 100,000 pipes through GDAL's ogr2ogr from the OGC API – Features endpoint (issue 42: under 60 s, memory bounded).
// The demo town of seed-city.ts with fake analysis results made in SQL (as tiles.bench.mjs and export.bench.mjs),
// a real server on 127.0.0.1, an API token with the 'read' scope, then
//   ogr2ogr -f GPKG out.gpkg OAPIF:http://127.0.0.1:PORT/ogc <dataset>-pipes -oo PAGE_SIZE=10000
// timed as a child process, while this process (which is the server) samples its RSS and V8 heap every 50 ms, so the
// peak says whether the endpoint streams pages or holds the collection. The peer is ogr2ogr of the same features
// from a GeoJSON file on disk (the pages of the endpoint concatenated): GDAL's own cost of reading and writing the
// same pipes, without HTTP and without the server, so the ratio is what the endpoint adds.
//   BENCH_DB=pglite|postgres (default pglite; PostgreSQL by PIPEWISE_BENCH_PG_URL or PIPEWISE_TEST_PG_URL);
//   BENCH_PIPES the size (default 100000). Writes bench/results/ogc.json (or ogc-postgres.json).
import { execFile } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { withTenant } from '../apps/server/src/db/database.ts';
import { seedDemoCity } from '../apps/server/src/db/seed-city.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { fakePipeResultsSql } from './fake-results.mjs';
import { injectLogin, openBenchDatabase, writeResult } from './lib.mjs';

const KIND = process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite';
const PIPES = Number(process.env.BENCH_PIPES ?? 100_000);
const PAGE_SIZE = 10_000;
const PASSWORD = 'Pipewise-demo-1';

const round1 = (x) => Math.round(x * 10) / 10;
const mib = (bytes) => Math.round(bytes / 2 ** 20);
const load = () => loadavg().map(round1);

/** The town with one COMPLETE analysis served for it, as the job's swap leaves it. */
async function seedTown(database) {
  await database.migrate();
  await seedDemo(database.db, PASSWORD);
  const city = await seedDemoCity(database.db, { pipes: PIPES });
  const datasetId = city.datasetId;
  await withTenant(database.db, 1, async (tx) => {
    const a = await tx.execute(sql`
      INSERT INTO analyses (client_id, dataset_id, stage, progress, reason, seed, finished_at)
      VALUES (1, ${datasetId}, 'complete', 100, 'seed', 1, now()) RETURNING id`);
    const analysisId = Number(a.rows[0].id);
    await tx.execute(sql.raw(fakePipeResultsSql(analysisId, datasetId)));
    await tx.execute(sql`UPDATE datasets SET analysis_id = ${analysisId} WHERE id = ${datasetId}`);
  });
  await database.db.execute(sql`ANALYZE pipes`);
  await database.db.execute(sql`ANALYZE pipe_results`);
  return { datasetId, pipes: city.pipes };
}

/** Runs a command; resolves with its wall time, rejects with its stderr. */
function timedRun(cmd, args) {
  const t0 = performance.now();
  return new Promise((resolve, reject) =>
    execFile(cmd, args, { maxBuffer: 64 * 2 ** 20 }, (err, stdout, stderr) =>
      err
        ? reject(new Error(`${cmd}: ${err.message}\n${stderr}`))
        : resolve({ seconds: Math.round((performance.now() - t0) / 10) / 100, stdout }),
    ),
  );
}

/** ogrinfo's feature count of a file. */
async function featureCount(file) {
  const { stdout } = await timedRun('ogrinfo', ['-ro', '-so', '-al', file]);
  return Number(/Feature Count: (\d+)/.exec(stdout)?.[1]);
}

/** Peak RSS and heap of this process (the server) while `fn` runs, sampled every 50 ms. */
async function sampled(fn) {
  const before = process.memoryUsage();
  const peak = { rss: before.rss, heapUsed: before.heapUsed };
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
  }, 50);
  const loadBefore = load();
  try {
    const value = await fn();
    // With --expose-gc (scripts/bench.mjs does not pass it; run by hand): the heap once garbage is collected, which
    // tells retention (the collection kept) from the collector merely not having run yet.
    globalThis.gc?.();
    return {
      ...(globalThis.gc && { heap_after_gc_mib: mib(process.memoryUsage().heapUsed) }),
      value,
      rss_before_mib: mib(before.rss),
      peak_rss_mib: mib(peak.rss),
      heap_before_mib: mib(before.heapUsed),
      peak_heap_mib: mib(peak.heapUsed),
      load_before: loadBefore,
      load_after: load(),
    };
  } finally {
    clearInterval(timer);
  }
}

/** The collection's pages concatenated into one GeoJSON file: the peer's input, the same features. */
async function writeGeojson(base, collection, token, file) {
  const out = createWriteStream(file);
  out.write('{"type":"FeatureCollection","features":[');
  let url = `${base}/ogc/collections/${collection}/items?limit=${PAGE_SIZE}`;
  let first = true;
  while (url) {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    const page = await res.json();
    for (const f of page.features) {
      out.write((first ? '' : ',') + JSON.stringify(f));
      first = false;
    }
    url = page.links.find((l) => l.rel === 'next')?.href;
  }
  out.write(']}');
  await new Promise((resolve) => out.end(resolve));
}

const opened = [];
let app;
const work = mkdtempSync(path.join(tmpdir(), 'pw-bench-ogc-'));
try {
  const t0 = performance.now();
  const main = await openBenchDatabase(KIND, 'ogc');
  opened.push(main);
  const town = await seedTown(main.database);
  const setupS = round1((performance.now() - t0) / 1000);
  console.error(`setup ${setupS} s (${town.pipes} pipes, ${KIND})`);

  const config = loadConfig({
    DATA_DIR: main.dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  });
  app = (await buildApp({ config, database: main.database })).app;
  await app.ready();
  const { headers } = await injectLogin(app, 'admin@demo.pipewise.local', PASSWORD);
  const made = await app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers,
    payload: { name: 'ogc bench', scopes: ['read'] },
  });
  if (made.statusCode !== 201) throw new Error(`POST /api/tokens: ${made.statusCode} ${made.body}`);
  const token = made.json().token;
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const collection = `${town.datasetId}-pipes`;

  const gpkg = path.join(work, 'out.gpkg');
  const http = await sampled(() =>
    timedRun('ogr2ogr', [
      '-f',
      'GPKG',
      '--config',
      'GDAL_HTTP_HEADERS',
      `Authorization: Bearer ${token}`,
      gpkg,
      `OAPIF:${base}/ogc`,
      collection,
      '-oo',
      `PAGE_SIZE=${PAGE_SIZE}`,
    ]),
  );
  const count = await featureCount(gpkg);
  console.error(`OAPIF ${http.value.seconds} s, ${count} features, peak RSS ${http.peak_rss_mib} MiB`);

  const geojson = path.join(work, 'pipes.geojson');
  await writeGeojson(base, collection, token, geojson);
  const peerGpkg = path.join(work, 'peer.gpkg');
  const loadPeer = load();
  const peer = await timedRun('ogr2ogr', ['-f', 'GPKG', peerGpkg, geojson]);
  const peerCount = await featureCount(peerGpkg);
  console.error(`peer ${peer.seconds} s, ${peerCount} features`);

  const { value, ...memory } = http;
  writeResult(KIND === 'pglite' ? 'ogc' : 'ogc-postgres', {
    command: globalThis.gc
      ? `BENCH_DB=${KIND} node --expose-gc --import tsx bench/ogc.bench.mjs`
      : `BENCH_DB=${KIND} npm run bench ogc`,
    backend: KIND,
    pipes: town.pipes,
    setup_seconds: setupS,
    target: '100,000 pipes through ogr2ogr from /ogc in under 60 s, memory bounded (issue 42)',
    ogr2ogr: {
      command: `ogr2ogr -f GPKG out.gpkg OAPIF:http://127.0.0.1:PORT/ogc ${collection} -oo PAGE_SIZE=${PAGE_SIZE} (bearer header)`,
      seconds: value.seconds,
      feature_count: count,
      under_60_s: value.seconds < 60,
      server: memory,
    },
    peer: {
      command: 'ogr2ogr -f GPKG peer.gpkg pipes.geojson (the same features, from a file)',
      seconds: peer.seconds,
      feature_count: peerCount,
      load_before: loadPeer,
    },
    ratio_oapif_to_peer: round1(value.seconds / peer.seconds),
    note:
      'The server runs in the bench process, so its RSS includes the database when it is PGlite (WebAssembly ' +
      'memory); peak_heap_mib is the JavaScript heap alone. Two shared cores: ogr2ogr and the server compete for them.',
  });
} finally {
  await app?.close();
  for (const o of opened.reverse()) await o.dispose();
  rmSync(work, { recursive: true, force: true });
}
