// The demo town's basemap, made once and kept: in a file under DATA_DIR (a restart reads it back, ~1 MB at 20k
// pipes) and in memory for the process. Making it takes about a second at 20k pipes (laying the streets, finding
// the blocks, gzip), in a worker thread so the API in the same process keeps answering meanwhile.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SYNTH_GENERATOR_VERSION } from '@pipewise/engine';
import type { TownParams } from './town-basemap.ts';

/** Bumped when what town-basemap.ts writes changes, so files of the old shape are not served. */
const FORMAT = 1;
/** Each entry is about 1 MB at 20k pipes; a server has one demo town, tests a few. */
const MEMORY_ENTRIES = 4;

const memory = new Map<string, Promise<Uint8Array>>();

export const townKey = (t: TownParams) =>
  `town-f${FORMAT}-g${SYNTH_GENERATOR_VERSION}-s${t.seed}-p${t.pipes}-c${t.center.join('_')}`;

/** The gzipped GeoJSON of the town's streets and blocks; concurrent first requests share one build. */
export function townBasemapGzip(dataDir: string, town: TownParams): Promise<Uint8Array> {
  // Keyed by the file, so an app on another data directory (a test's) keeps a file of its own.
  const file = path.join(dataDir, 'demo-basemap', `${townKey(town)}.geojson.gz`);
  const hit = memory.get(file);
  if (hit) {
    memory.delete(file);
    memory.set(file, hit);
    return hit;
  }
  const made = readOrBuild(file, town);
  memory.set(file, made);
  made.catch(() => memory.delete(file));
  while (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value!);
  return made;
}

async function readOrBuild(file: string, town: TownParams): Promise<Uint8Array> {
  const stored = await readFile(file).catch(() => null);
  if (stored) return stored;
  const bytes = await buildInThread(town);
  await mkdir(path.dirname(file), { recursive: true });
  // Written aside and renamed: a process stopped mid-write leaves no truncated file to serve after a restart.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  return bytes;
}

function buildInThread(town: TownParams): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./town-basemap.boot.mjs', import.meta.url), { workerData: town });
    let settled = false;
    worker.once('message', (m: { ok: true; bytes: Uint8Array } | { ok: false; message: string }) => {
      settled = true;
      if (m.ok) resolve(m.bytes);
      else reject(new Error(`making the demo town's basemap failed: ${m.message}`));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the demo basemap thread exited with code ${code}`));
    });
  });
}
