// A diagnosis beside the corpus (corpus.mjs): each named kind of malformed file through the wizard's steps one at a
// time, with /api/health asked every 50 ms during each step, so a slow health answer is put on one step of one
// kind (issue 18: validate held the embedded database's connection while the parse thread read the file).
//   node --import tsx bench/reliability/kinds.mjs
//   KINDS=csv/huge_header,inp/big_network (default: the five kinds the PGlite corpus found slow), DB=pglite|postgres,
//   COMMIT=1 (also import what validates), KINDS_NODE_OPTIONS (e.g. --import a profiler for the server).
import { Api, ACCOUNTS, healthProbe } from './api.mjs';
import { baseFiles, corpusFile, FORMATS, sizes } from './corpus-files.mjs';
import { openStorage, ServerProcess, PASSWORD } from './server.mjs';
const want = (
  process.env.KINDS ??
  'csv/huge_header,geojson/many_properties,geojson/huge_vertex_count,inp/big_network,csv/huge_field'
).split(',');
const s = sizes(false);
const base = await baseFiles(s, 18);
const storage = await openStorage(process.env.DB ?? 'pglite', 'diag');
const server = new ServerProcess(storage, {
  env: process.env.KINDS_NODE_OPTIONS ? { NODE_OPTIONS: process.env.KINDS_NODE_OPTIONS } : {},
});
await server.start();
const api = new Api(server.base, { timeoutMs: 120000 });
const token = await api.login(ACCOUNTS.administrator, PASSWORD);
const found = {};
for (let i = 0; i < 2000 && Object.keys(found).length < want.length; i++) {
  const f = FORMATS[i % FORMATS.length];
  const names = Object.keys(f.kinds);
  const kind = `${f.format}/${names[Math.floor(i / FORMATS.length) % names.length]}`;
  if (want.includes(kind) && !found[kind]) found[kind] = i;
}
for (const [kind, i] of Object.entries(found)) {
  const file = await corpusFile(i, 18, s, base);
  const step = async (name, fn) => {
    const p = healthProbe(api, 50);
    const t = performance.now();
    const r = await fn();
    const h = await p.stop();
    console.log(
      kind,
      name,
      r.status,
      Math.round(performance.now() - t),
      'ms',
      'health max',
      h.max,
      'p99',
      h.p99,
      (r.json?.message ?? '').slice(0, 100),
    );
    return r;
  };
  console.log(kind, 'bytes', file.bytes.length);
  const up = await step('upload', () => api.upload(token, file.name, file.bytes, { timeoutMs: 120000 }));
  if (up.status !== 200) continue;
  const layer = up.json.layers?.[0]?.name;
  const b = { layer, type: 'assets', asset_layer: 'pipes' };
  const ins = await step('inspect', () =>
    api.call('POST', `/api/imports/uploads/${up.json.id}/inspect`, { token, body: b }),
  );
  if (ins.status !== 200) continue;
  const opts = { ...b, mapping: ins.json.suggested_mapping ?? {}, target: { new_group_name: `d ${i}` } };
  const val = await step('validate', () =>
    api.call('POST', `/api/imports/uploads/${up.json.id}/validate`, { token, body: opts }),
  );
  if (val.status !== 200 || !val.json?.can_import || !process.env.COMMIT) continue;
  const c = await step('commit', () =>
    api.call('POST', `/api/imports/uploads/${up.json.id}/commit`, { token, body: opts }),
  );
  const p = healthProbe(api, 50);
  const t = performance.now();
  const res = await api.waitImport(token, c.json.id, 600000);
  const h = await p.stop();
  console.log(
    kind,
    'import',
    res?.status,
    Math.round(performance.now() - t),
    'health max',
    h.max,
    'p99',
    h.p99,
  );
}
await server.stop();
await storage.dispose();
