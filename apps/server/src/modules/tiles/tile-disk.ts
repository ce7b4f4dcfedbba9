// Prerendered tiles on disk, under DATA_DIR/tile-cache/{dataset}/{revision}-{analysis}/{layer}/{z}-{x}-{y}.mvt.gz
// (issue 41: the in-memory cache, tile-cache.ts, is empty after a restart, and the first user then waited 11.5–26.7 s
// for the low zooms PGlite rendered on demand). Only the tiles the end of an analysis renders go here
// (tile-prerender.ts), so the folder holds one revision's first-visit tiles per dataset, not every tile ever asked
// for. A file is written under a temporary name and renamed, so a reader never sees half of one; an empty file is
// an empty tile. DATA_DIR is shared by the API and worker processes (ARCHITECTURE.md), so a worker's tiles serve
// the API's first request.
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/database.ts';

/** The highest zoom kept on disk: what a first visit opens at (the dataset's extent at zooms 3–12). */
export const DISK_MAX_ZOOM = 12;

export interface DiskTile {
  dataset: number;
  tileRevision: number;
  analysisId: number | null;
  layer: string;
  z: number;
  x: number;
  y: number;
}

const dirs = new WeakMap<Database, string>();
const dataDirs = new WeakMap<Database, string>();

/** Where this database's prerendered tiles live; unset (tests of the job alone), nothing is kept on disk. */
export function setTileDiskDir(database: Database, dataDir: string): void {
  dirs.set(database, path.join(dataDir, 'tile-cache'));
  dataDirs.set(database, dataDir);
}

/** The DATA_DIR this database's first-visit files go under (the demo town's streets too), if any. */
export const tileDataDir = (database: Database): string | undefined => dataDirs.get(database);

const revisionDir = (t: Pick<DiskTile, 'tileRevision' | 'analysisId'>) =>
  `${t.tileRevision}-${t.analysisId ?? 'none'}`;

function fileOf(database: Database, t: DiskTile): string | null {
  const dir = dirs.get(database);
  if (!dir || t.z > DISK_MAX_ZOOM || !/^\w+$/.test(t.layer)) return null;
  return path.join(dir, String(t.dataset), revisionDir(t), t.layer, `${t.z}-${t.x}-${t.y}.mvt.gz`);
}

/** The gzipped tile, null for an empty one, undefined when it is not on disk. */
export async function readDiskTile(database: Database, t: DiskTile): Promise<Uint8Array | null | undefined> {
  const file = fileOf(database, t);
  if (!file) return undefined;
  try {
    const bytes = await readFile(file);
    return bytes.length ? new Uint8Array(bytes) : null;
  } catch {
    return undefined;
  }
}

export async function writeDiskTile(
  database: Database,
  t: DiskTile,
  gzipped: Uint8Array | null,
): Promise<void> {
  const file = fileOf(database, t);
  if (!file) return;
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, gzipped ?? new Uint8Array(0));
  await rename(temporary, file);
}

type RevisionKey = Pick<DiskTile, 'dataset' | 'tileRevision' | 'analysisId'>;

function jsonFileOf(database: Database, at: RevisionKey, name: string): string | null {
  const dir = dirs.get(database);
  if (!dir || !/^[\w-]+$/.test(name)) return null;
  return path.join(dir, String(at.dataset), revisionDir(at), `${name}.json`);
}

/** A revision's JSON kept beside its tiles (tile-properties.ts), or undefined when there is none. */
export async function readDiskJson<T>(
  database: Database,
  at: RevisionKey,
  name: string,
): Promise<T | undefined> {
  const file = jsonFileOf(database, at, name);
  if (!file) return undefined;
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Keeps a revision's JSON beside its tiles; a failed write costs the next reader the work, nothing more. */
export async function writeDiskJson(database: Database, at: RevisionKey, name: string, value: unknown) {
  const file = jsonFileOf(database, at, name);
  if (!file) return;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(value));
    await rename(temporary, file);
  } catch {
    // A full or read-only disk: kept in memory only.
  }
}

/** Removes the dataset's other revisions' tiles: only the served one is ever read. */
export async function dropOtherRevisions(
  database: Database,
  t: Pick<DiskTile, 'dataset' | 'tileRevision' | 'analysisId'>,
): Promise<void> {
  const dir = dirs.get(database);
  if (!dir) return;
  const datasetDir = path.join(dir, String(t.dataset));
  const keep = revisionDir(t);
  const entries = await readdir(datasetDir).catch(() => [] as string[]);
  for (const e of entries)
    if (e !== keep) await rm(path.join(datasetDir, e), { recursive: true, force: true });
}
