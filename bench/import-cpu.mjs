// CPU time of the import wizard's file passes on one file, part by part (issue 41): the upload's listing pass and
// validation's scan, called in this process as the parse thread calls them. On a shared 2-core machine wall time
// swings with the neighbours' load; the CPU time a pass spends moves far less, so a change is judged by it (the
// best of several rounds, parts interleaved), and by the wizard's wall time in import.bench.mjs.
// Each round also prints a digest of what the passes produced (the listing, the report, the staged rows), so a
// faster checkout can be shown to answer exactly as before.
//   node --expose-gc --import tsx bench/import-cpu.mjs [file.geojson]
// Default file: the bench's 100k-pipe town (import.bench.mjs makes it). BENCH_IMPORT_ROOT: another checkout's
// sources (a before figure; it needs a node_modules whose @pipewise links point into it). BENCH_CPU_ROUNDS (5),
// BENCH_CPU_PARTS (listing,read,rows,validate,topology), BENCH_RESULT: write bench/results/<name>.json.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeResult } from './lib.mjs';

const root = path.resolve(process.env.BENCH_IMPORT_ROOT ?? path.join(import.meta.dirname, '..'));
const filePath = process.argv[2] ?? path.join(tmpdir(), 'pipewise-bench', 'city-100000.geojson');
const rounds = Number(process.env.BENCH_CPU_ROUNDS ?? 5);
const parts = (process.env.BENCH_CPU_PARTS ?? 'listing,read,rows,validate,topology').split(',');
const load = () => loadavg().map((l) => Math.round(l * 100) / 100);

const own = (p) => import(pathToFileURL(path.join(root, p)).href);
const imports = (p) => own(`apps/server/src/modules/imports/${p}`);
const { MATERIAL, importOptionsSchema } = await own('packages/domain/src/index.ts');
const { listLayers, readFeatures } = await imports('parse/layers.ts');
const { suggestMapping } = await imports('parse/suggest-mapping.ts');
const { readMaterial } = await imports('parse/suggest-material-mapping.ts');
const { scanFeatures } = await imports('scan.ts');
const { scanForValidation } = await imports('validate-scan.ts');
const { PipeLines, topologyReport } = await imports('topology-check.ts');

const file = { name: path.basename(filePath), bytes: new Uint8Array(readFileSync(filePath)) };
const currentYear = new Date().getUTCFullYear();
const loadBefore = load();

// The options the wizard would send: the layer as listed, inspect's suggested mapping from its 20 sample rows, the
// material values the listing counted with their suggested codes (bench/import-run.mjs does the same over HTTP).
const [layer] = await listLayers(file);
const read = { layer: layer.name };
const sample = [];
for await (const f of readFeatures(file, read)) if (sample.push(f.properties) >= 20) break;
const mapping = Object.fromEntries(
  suggestMapping('pipes', layer.columns, sample, 'pipes').map((s) => [s.field, s.column]),
);
const materials = {};
for (const [value] of layer.values?.[mapping.material] ?? []) {
  const reading = readMaterial(value);
  if (reading) materials[value] = MATERIAL[reading.name];
}
const options = importOptionsSchema.parse({
  ...read,
  type: 'assets',
  asset_layer: 'pipes',
  mapping,
  materials,
  target: { new_group_name: 'Bench' },
});
const featuresOf = (l) => readFeatures(file, l === undefined ? read : { ...read, layer: l });
const stageDir = mkdtempSync(path.join(tmpdir(), 'pw-import-cpu-'));
const staged = path.join(stageDir, 'rows.ndjson');

const digest = (value) =>
  createHash('sha256')
    .update(typeof value === 'string' || Buffer.isBuffer(value) ? value : JSON.stringify(value))
    .digest('hex')
    .slice(0, 16);

/** The links validation's scan hands the network check (validate-scan.ts), collected once, outside the timing. */
async function pipeLines() {
  const pipes = new PipeLines();
  await scanFeatures(featuresOf(), options, currentYear, (record) => {
    pipes.add({ ...record, nativeId: record.nativeId ?? `row ${record.row}` });
  });
  return pipes;
}
const pipes = parts.includes('topology') ? await pipeLines() : null;
const topologyOptions = {
  nodeIds: false,
  nodeToleranceM: options.node_tolerance_m,
  snapToleranceM: options.snap_tolerance_m,
};

/**
 * Each part answers what it produced; `answer` digests it after the timing (digesting the staged rows cost more
 * than a tenth of validation's time), for the comparison of checkouts.
 */
const PARTS = {
  /** The upload's listing pass (parse/layers.ts listLayers, in the upload's parse thread). */
  listing: async () => await listLayers(file),
  /** Reading the features alone (the GeoJSON reader, reprojection, the NUL check). */
  read: async () => {
    let n = 0;
    for await (const f of featuresOf()) n += f.geometry ? 1 : 0;
    return n;
  },
  /** Reading and the row checks (scan.ts), nothing done with the records. */
  rows: async () => await scanFeatures(featuresOf(), options, currentYear, () => {}),
  /** Validation's whole pass as the parse thread makes it: rows, staging, the network check. */
  validate: async () => {
    const scan = await scanForValidation(
      featuresOf,
      { options, currentYear, isInp: false, valves: [], stageRows: staged },
      file.name,
    );
    return { scan, staged: true };
  },
  /** The network check alone (topology-check.ts topologyReport) on the links the scan collected. */
  topology: async () => topologyReport(pipes, topologyOptions, []),
};
const answer = (value) =>
  value?.staged ? `${digest(value.scan)} staged ${digest(readFileSync(staged))}` : digest(value);

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const times = Object.fromEntries(parts.map((p) => [p, { cpu: [], wall: [] }]));
const answers = {};
for (let round = 0; round < rounds; round++)
  for (const part of parts) {
    globalThis.gc?.();
    const c0 = cpuMs();
    const t0 = performance.now();
    const value = await PARTS[part]();
    times[part].cpu.push(cpuMs() - c0);
    times[part].wall.push(performance.now() - t0);
    const said = answer(value);
    answers[part] ??= said;
    if (answers[part] !== said) throw new Error(`${part} answered differently in round ${round + 1}`);
  }
rmSync(stageDir, { recursive: true, force: true });

const best = (xs) => Math.round(Math.min(...xs));
const median = (xs) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
const result = {
  file: { path: filePath, mib: Math.round(file.bytes.length / 2 ** 20) },
  checkout: process.env.BENCH_IMPORT_ROOT ? root : 'this',
  rounds,
  load_before: loadBefore,
  load_after: load(),
  parts: Object.fromEntries(
    parts.map((p) => [
      p,
      {
        cpu_ms_best: best(times[p].cpu),
        cpu_ms_median: median(times[p].cpu),
        wall_ms_best: best(times[p].wall),
        answer: answers[p],
      },
    ]),
  ),
  note:
    'CPU ms (user + system of this process, GC threads included) of each pass over the file, best and median of ' +
    'the rounds, parts interleaved; answer = a digest of what the pass produced, equal between checkouts when ' +
    'the behaviour is kept.',
};
if (process.env.BENCH_RESULT) writeResult(process.env.BENCH_RESULT, result);
else console.log(JSON.stringify(result, null, 2));
