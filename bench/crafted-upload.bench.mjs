// One client's crafted uploads beside another client's small one (issue 37: four EPANET files of 100,002 pipes
// between the same two junctions held every parse thread for five minutes, and another client's 12-pipe GeoJSON
// upload answered after 286.9 s). Client 1 validates CRAFTED_FILES such files at once; a second later client 2
// uploads and validates a 12-pipe GeoJSON. Reported: each crafted validation's time, and the small upload's and
// validation's answer times (the goal: seconds, not minutes), through the API as the wizard calls it (PGlite, in
// this process as `npm start` runs it).
//   CRAFTED_PIPES (default 100002), CRAFTED_FILES (default 4)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPglite } from '../apps/server/src/db/database.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { injectLogin, writeResult } from './lib.mjs';

const PIPES = Number(process.env.CRAFTED_PIPES ?? 100_002);
const FILES = Number(process.env.CRAFTED_FILES ?? 4);
const PASSWORD = 'Pipewise-demo-1';
const BOUNDARY = '----pipewise-bench-boundary';

/** The probe's file: every pipe between J1 and J2. */
function craftedInp(n) {
  const lines = [
    '[TITLE]',
    'crafted',
    '[JUNCTIONS]',
    'J1 10 0',
    'J2 10 0',
    '[RESERVOIRS]',
    'R1 50',
    '[PIPES]',
  ];
  for (let i = 0; i < n; i++) lines.push(`P${i} J1 J2 100 150 100 0 Open`);
  lines.push(
    'PR R1 J1 10 300 100 0 Open',
    '[COORDINATES]',
    'J1 0 0',
    'J2 0.001 0.001',
    'R1 -0.001 0',
    '[END]',
  );
  return Buffer.from(lines.join('\n'));
}

function smallGeoJson() {
  const features = Array.from({ length: 12 }, (_, i) => ({
    type: 'Feature',
    properties: { ID: `S${i}`, DIA: 150 },
    geometry: {
      type: 'LineString',
      coordinates: [
        [-85.7 + i * 0.001, 38.2],
        [-85.699 + i * 0.001, 38.2],
      ],
    },
  }));
  return Buffer.from(JSON.stringify({ type: 'FeatureCollection', features }));
}

const multipart = (name, bytes) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pw-bench-crafted-'));
  const database = await openPglite(path.join(dataDir, 'pglite'));
  try {
    await database.migrate();
    await seedDemo(database.db, PASSWORD);
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    });
    const { app } = await buildApp({ config, database });
    await app.ready();
    // A session's bearer and its CSRF token (bench/lib.mjs injectLogin).
    const call = (method, url, session, payload, headers = {}) =>
      app.inject({ method, url, payload, headers: { ...session.headers, ...headers } });
    const login = (email) => injectLogin(app, email, PASSWORD);
    const upload = async (session, name, bytes) => {
      const t = performance.now();
      const res = await call('POST', '/api/imports/uploads', session, multipart(name, bytes), {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      });
      if (res.statusCode !== 200) throw new Error(`upload ${name}: ${res.statusCode} ${res.body}`);
      return { upload: res.json(), ms: performance.now() - t };
    };
    const validate = async (session, id, options) => {
      const t = performance.now();
      const res = await call('POST', `/api/imports/uploads/${id}/validate`, session, options);
      return { status: res.statusCode, ms: performance.now() - t };
    };
    const us = await login('admin@demo.pipewise.local');
    const jp = await login('admin@jp.demo.pipewise.local');

    const crafted = craftedInp(PIPES);
    const uploads = [];
    for (let i = 0; i < FILES; i++) uploads.push((await upload(us, `crafted-${i}.inp`, crafted)).upload);
    const started = performance.now();
    const craftedRuns = uploads.map((u, i) =>
      validate(us, u.id, {
        layer: 'pipes',
        type: 'assets',
        asset_layer: 'pipes',
        mapping: {
          nativeId: 'id',
          startNode: 'node1',
          endNode: 'node2',
          diameter: 'diameter',
          length: 'length',
        },
        target: { new_group_name: `Crafted ${i}` },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const small = await upload(jp, 'small.geojson', smallGeoJson());
    const smallValidation = await validate(jp, small.upload.id, {
      layer: small.upload.layers[0].name,
      type: 'assets',
      asset_layer: 'pipes',
      mapping: { nativeId: 'ID', diameter: 'DIA' },
      target: { new_group_name: 'Small' },
    });
    const craftedResults = await Promise.all(craftedRuns);
    await app.close();
    writeResult('crafted-upload', {
      crafted: { pipes: PIPES, files: FILES, bytes: crafted.length },
      crafted_validations: craftedResults.map((r) => ({ status: r.status, s: Math.round(r.ms) / 1000 })),
      crafted_all_done_s: Math.round(performance.now() - started) / 1000,
      other_client_upload_s: Math.round(small.ms) / 1000,
      other_client_validation_s: Math.round(smallValidation.ms) / 1000,
      other_client_validation_status: smallValidation.status,
      before_issue_37: { other_client_upload_s: 286.9, crafted_parse_stopped_at_s: 300 },
    });
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
