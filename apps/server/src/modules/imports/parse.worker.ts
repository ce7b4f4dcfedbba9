// Thread entry of parse-thread.ts (loaded through parse.boot.mjs), one parse at a time: reads the upload, then
// answers its layers, or its features a batch per 'next' the caller sends (a slow caller never has the whole file
// in flight), or validation's pass over it (rows, a pipes layer's network check); 'cancel' ends a parse the caller
// left. After each it says it is free for the next.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { ImportFileError } from './parse/import-file-error.ts';
import { listLayers, readFeatures } from './parse/layers.ts';
import type { ImportFeature } from './parse/types.ts';
import { readOptionsOf } from './import-options.ts';
import { scanForValidation } from './validate-scan.ts';
import type { FeatureFields, ParseCall, ParseReply, ThreadError, ToThread } from './parse-thread.ts';
import { runInBackground } from '../../lib/thread-priority.ts';

// The API's thread first (lib/thread-priority.ts).
runInBackground();

const port = parentPort!;
const post = (reply: ParseReply) => port.postMessage(reply);

let asked = 0;
let cancelled = false;
let wake: (() => void) | null = null;

port.on('message', (m: ToThread) => {
  if (m === 'next') asked += 1;
  else if (m === 'cancel') cancelled = true;
  else {
    asked = 0;
    cancelled = false;
    void run(m.call)
      .catch((error: unknown) => post({ error: threadError(error) }))
      .finally(() => post({ free: true }));
  }
  wake?.();
});

/** Resolves true once the caller has asked for one more batch, false when it has left. */
async function demand(): Promise<boolean> {
  while (asked === 0 && !cancelled) await new Promise<void>((resolve) => (wake = resolve));
  wake = null;
  if (cancelled) return false;
  asked -= 1;
  return true;
}

async function run(call: ParseCall): Promise<void> {
  const file =
    'path' in call.file
      ? { name: call.file.name, bytes: new Uint8Array(await readFile(call.file.path)) }
      : call.file;
  if (call.op === 'validate') {
    const options = readOptionsOf(call.scan.options);
    const featuresOf = (layer?: string) =>
      readFeatures(file, layer === undefined ? options : { ...options, layer });
    return post({ validation: await scanForValidation(featuresOf, call.scan, file.name) });
  }
  if (call.op === 'layers') return post({ layers: await listLayers(file, call.options) });
  let batch: ImportFeature[] = [];
  const slim = call.fields ? slimmer(call.fields) : null;
  for await (const feature of readFeatures(file, call.options)) {
    batch.push(slim ? slim(feature) : feature);
    if (batch.length < call.batch) continue;
    if (!(await demand())) return;
    post({ features: batch, done: false });
    batch = [];
  }
  if (await demand()) post({ features: batch, done: true });
}

/** The part of a feature the caller asked for (parse-thread.ts FeatureFields). */
function slimmer(fields: FeatureFields): (f: ImportFeature) => ImportFeature {
  const { columns, maxText } = fields;
  const cut = (v: unknown) =>
    maxText !== undefined && typeof v === 'string' && v.length > maxText ? `${v.slice(0, maxText)}…` : v;
  return (f) => {
    const entries = columns ? columns.map((c) => [c, f.properties[c]]) : Object.entries(f.properties);
    return {
      ...f,
      geometry: fields.geometry ? f.geometry : null,
      properties: Object.fromEntries(entries.map(([k, v]) => [k, cut(v)])),
    };
  };
}

function threadError(error: unknown): ThreadError {
  if (error instanceof ImportFileError) {
    const { name: _name, ...info } = { ...error };
    return { kind: 'file', message: error.message, info };
  }
  if (error instanceof Error)
    return { kind: 'other', message: error.message, ...(error.stack ? { stack: error.stack } : {}) };
  return { kind: 'other', message: String(error) };
}
