// One import on a fresh database, run as its own process by import.bench.mjs so its peak memory is the import's.
// Prints one JSON line of timings. Two paths:
//   engine: the API's handlers through app.inject, then runImport called directly (no HTTP, no job queue);
//   server: what a user waits for — the wizard's calls over real HTTP (upload, inspect, materials, validate, commit)
//           to a listening server whose worker runs the import job from the queue, polled as the wizard polls.
//   node --import tsx bench/import-run.mjs <pglite|postgres> <file.geojson> [postgres-admin-url] [engine|server]
import { mkdtempSync, openAsBlob, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite, openPostgres } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { runImport } from '../apps/server/src/modules/imports/import.job.ts';
import { uploadPath } from '../apps/server/src/modules/imports/upload-files.ts';
import { startWorker } from '../apps/server/src/worker.ts';
import { injectLogin } from './lib.mjs';

const [kind, file, adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres', path_ = 'engine'] =
  process.argv.slice(2);
if (!kind || !file) throw new Error('usage: import-run.mjs <pglite|postgres> <file>');
const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-bench-import-'));
const dbName = `pw_bench_import_${process.pid}`;

async function open() {
  if (kind === 'pglite') return openPglite(path.join(dataDir, 'pglite'));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return openPostgres(url.toString());
}

const database = await open();
try {
  await database.migrate();
  await seedDemo(database.db, 'Pipewise-demo-1');
  const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123' });
  const { app } = await buildApp({ config, database });
  await app.ready();
  // The bearer and a CSRF token bound to its session (issue 37).
  const { headers } = await injectLogin(app, 'admin@demo.pipewise.local', 'Pipewise-demo-1');
  const call = async (method, url, payload) => {
    const res = await app.inject({ method, url, headers, payload });
    if (res.statusCode >= 300)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
    return res.json();
  };

  if (path_ === 'server') {
    console.log(JSON.stringify(await throughServer(app, headers, config, database)));
    // The import queued its analysis, which the worker has started: not waited for, the database is dropped.
    await dropBenchDatabase();
    process.exit(0);

    /** The wizard's calls over HTTP to a listening server with its worker; the job's end is seen by polling. */
    async function throughServer(app, headers, config, database) {
      const worker = await startWorker(database, app.log, config.dataDir);
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const call = async (method, url, body) => {
        const res = await fetch(base + url, {
          method,
          headers: { ...headers, 'content-type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        });
        if (res.status >= 300)
          throw new Error(`${method} ${url}: ${res.status} ${(await res.text()).slice(0, 500)}`);
        return res.json();
      };
      const t0 = performance.now();
      const form = new FormData();
      // From disk, so the client side of the bench does not hold the file in this process's heap.
      form.set('file', await openAsBlob(file), path.basename(file));
      const upRes = await fetch(`${base}/api/imports/uploads`, { method: 'POST', headers, body: form });
      if (upRes.status !== 200) throw new Error(`upload: ${upRes.status} ${await upRes.text()}`);
      const up = await upRes.json();
      const t1 = performance.now();
      const layer = up.layers[0].name;
      const target = { layer, type: 'assets', asset_layer: 'pipes' };
      const inspect = await call('POST', `/api/imports/uploads/${up.id}/inspect`, target);
      const t2 = performance.now();
      const column = inspect.suggested_mapping.material;
      const materials = column
        ? await call('POST', `/api/imports/uploads/${up.id}/materials`, { layer, column })
        : { values: [] };
      const t3 = performance.now();
      const options = {
        ...target,
        mapping: inspect.suggested_mapping,
        materials: Object.fromEntries(
          materials.values.filter((v) => v.suggested !== null).map((v) => [v.value, v.suggested]),
        ),
        target: { new_group_name: 'Bench' },
      };
      const report = await call('POST', `/api/imports/uploads/${up.id}/validate`, options);
      const t4 = performance.now();
      const item = await call('POST', `/api/imports/uploads/${up.id}/commit`, options);
      const t5 = performance.now();
      let done = item;
      while (done.status === 'queued' || done.status === 'running') {
        await new Promise((r) => setTimeout(r, 100));
        done = await call('GET', `/api/imports/${item.id}`);
      }
      const t6 = performance.now();
      if (done.status !== 'succeeded') throw new Error(`import ${done.status}: ${done.message}`);
      const s = (a, b) => Math.round(b - a) / 1000;
      const result = {
        backend: kind,
        path: 'server',
        rows: report.rows,
        imported: done.imported,
        material_column: column ?? null,
        seconds: {
          upload: s(t0, t1),
          inspect: s(t1, t2),
          materials: s(t2, t3),
          validate: s(t3, t4),
          commit: s(t4, t5),
          import_job_polled: s(t5, t6),
          total: s(t0, t6),
        },
        peak_rss_mib: Math.round(process.resourceUsage().maxRSS / 1024),
      };
      void worker; // left running: the process exits once the result is printed
      return result;
    }
  }
  const t0 = performance.now();
  const form = new FormData();
  form.set('file', new Blob([readFileSync(file)]), path.basename(file));
  const request = new Request('http://bench/', { method: 'POST', body: form });
  const upload = await app.inject({
    method: 'POST',
    url: '/api/imports/uploads',
    headers: { ...headers, 'content-type': request.headers.get('content-type') },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  if (upload.statusCode !== 200) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
  const up = upload.json();
  const t1 = performance.now();
  const layer = up.layers[0].name;
  const inspect = await call('POST', `/api/imports/uploads/${up.id}/inspect`, {
    layer,
    type: 'assets',
    asset_layer: 'pipes',
  });
  const options = {
    layer,
    type: 'assets',
    asset_layer: 'pipes',
    mapping: inspect.suggested_mapping,
    target: { new_group_name: 'Bench' },
  };
  const t2 = performance.now();
  const report = await call('POST', `/api/imports/uploads/${up.id}/validate`, options);
  const t3 = performance.now();
  const item = await call('POST', `/api/imports/uploads/${up.id}/commit`, options);
  const t4 = performance.now();
  // The job as the commit sent it (with the rows validation staged, where the build stages them), run here.
  const sent = await database.db.execute(
    sql`SELECT data FROM pgboss.job WHERE name = 'import' ORDER BY created_on DESC LIMIT 1`,
  );
  const data = (sent.rows ?? sent)[0]?.data ?? { path: uploadPath(dataDir, up.id) };
  await runImport(database, { ...data, importId: item.id, clientId: 1 });
  const t5 = performance.now();
  const done = await call('GET', `/api/imports/${item.id}`);
  if (done.status !== 'succeeded') throw new Error(`import ${done.status}: ${done.message}`);
  const s = (a, b) => Math.round(b - a) / 1000;
  console.log(
    JSON.stringify({
      backend: kind,
      rows: report.rows,
      imported: done.imported,
      seconds: {
        upload: s(t0, t1),
        inspect: s(t1, t2),
        validate: s(t2, t3),
        commit_revalidate: s(t3, t4),
        import_job: s(t4, t5),
        total: s(t0, t5),
      },
      peak_rss_mib: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
  await app.close();
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  await dropBenchDatabase();
}
process.exit(0);

async function dropBenchDatabase() {
  rmSync(dataDir, { recursive: true, force: true });
  if (kind !== 'postgres') return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
