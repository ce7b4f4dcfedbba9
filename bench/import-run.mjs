// One import through the real HTTP API (app.inject) on a fresh database, run as its own process by
// import.bench.mjs so its peak memory is the import's. Prints one JSON line of timings.
//   node --import tsx bench/import-run.mjs <pglite|postgres> <file.geojson> [postgres-admin-url]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite, openPostgres } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { runImport } from '../apps/server/src/modules/imports/import.job.ts';
import { uploadPath } from '../apps/server/src/modules/imports/upload-files.ts';
import { injectLogin } from './lib.mjs';

const [kind, file, adminUrl = 'postgres://postgres@127.0.0.1:5432/postgres'] = process.argv.slice(2);
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
  await runImport(database, { importId: item.id, clientId: 1, path: uploadPath(dataDir, up.id) });
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
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}
process.exit(0);
