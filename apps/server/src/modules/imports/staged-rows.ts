// The rows validation produced, kept on disk for the import job (issue 41). Validation's pass in the parse thread
// already reads, checks and maps every row; the job used to stream the file from a thread again, check every row
// again and map it again on the API's thread (a 100k-pipe GeoJSON: 32 s of the wizard's 79 s on PostgreSQL). Now
// the thread also writes each mapped row as one line of NDJSON beside the upload, and the job reads those lines a
// batch at a time: memory stays bounded on both sides (one 1 MiB chunk in the thread, one batch in the job).
// Anything the file cannot be staged for (a row the mapper refuses, a thread ended mid-write) leaves no staged file,
// and the job then reads the upload as before, so staging is only ever a shortcut. The material list's value counts,
// gathered when the upload is listed, are kept here too (keepColumnValues). Geometry is staged as hex EWKB (ewkb.ts)
// and the job sends each batch's lines to the database as they are, so no staged row is parsed on the API's thread.
import { createHash } from 'node:crypto';
import { createReadStream, closeSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PRIVATE_FILE_MODE, privateDir, privateDirSync } from '../../lib/private-files.ts';
import type { Geometry } from 'geojson';
import { ewkbHex } from './ewkb.ts';
import type { LayerInfo } from './parse/index.ts';

/** Staged rows of an upload live in `<upload>.staged/`, removed with the upload (upload-files.ts deleteUpload). */
export const stagedDirOf = (uploadFile: string) => `${uploadFile}.staged`;

/** One file per validation key (client, upload, options): a commit with other options never takes these rows. */
export const stagedRowsPath = (uploadFile: string, key: string) =>
  `${stagedDirOf(uploadFile)}/${createHash('sha256').update(key).digest('hex').slice(0, 24)}.ndjson`;

/** The staged rows at `file` when they are complete (written to the end and renamed), else null. */
export async function completeStagedRows(file: string | undefined): Promise<string | null> {
  if (!file) return null;
  return stat(file).then(
    (s) => (s.isFile() ? file : null),
    () => null,
  );
}

const CHUNK = 1 << 20;

/** Writes `[row, mapped]` lines in the parse thread; `finish` makes them visible, `abort` drops them. */
export class RowStager {
  private readonly part: string;
  private fd: number | null;
  // Lines are encoded into one buffer, written when it fills: a string grown by += and written each MiB is flattened
  // and encoded again at every write (100,000 rows like the bench's took 0.30–0.37 s of CPU so, the JSON included,
  // and 0.16 s through the buffer).
  private readonly buffer = Buffer.allocUnsafe(CHUNK);
  private used = 0;
  constructor(private readonly file: string) {
    privateDirSync(path.dirname(file));
    this.part = `${file}.part`;
    this.fd = openSync(this.part, 'w', PRIVATE_FILE_MODE);
  }
  add(row: number, mapped: Record<string, unknown>): void {
    if (this.fd === null) return;
    const line = `${JSON.stringify([row, withEwkb(mapped)])}\n`;
    // UTF-8 takes at most 3 bytes per UTF-16 unit; a line longer than the buffer is written as it is.
    if (this.used + 3 * line.length > this.buffer.length) {
      this.flush();
      if (3 * line.length > this.buffer.length) return writeAll(this.fd, Buffer.from(line));
    }
    this.used += this.buffer.write(line, this.used);
  }
  private flush(): void {
    if (this.fd !== null && this.used > 0) writeAll(this.fd, this.buffer.subarray(0, this.used));
    this.used = 0;
  }
  finish(): void {
    if (this.fd === null) return;
    this.flush();
    closeSync(this.fd);
    this.fd = null;
    renameSync(this.part, this.file);
    // One staged file an upload: the disk holds at most about one more copy of each upload. A commit of options
    // validated earlier then finds its rows gone and the job reads the file, as without staging.
    const dir = path.dirname(this.file);
    for (const name of readdirSync(dir))
      if (name.endsWith('.ndjson') && path.join(dir, name) !== this.file)
        rmSync(path.join(dir, name), { force: true });
  }
  abort(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.used = 0;
    rmSync(this.part, { force: true });
    rmSync(this.file, { force: true });
  }
}

function writeAll(fd: number, bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at, bytes.length - at);
}

/**
 * A writer's row with its GeoJSON `geom` as `geom_wkb` (network/write-layers.ts reads either). The row is the
 * mapper's own fresh object, changed in place: a copy per row was a tenth of validation's staging.
 */
export function withEwkb(mapped: Record<string, unknown>): Record<string, unknown> {
  const geom = mapped['geom'] as Geometry | null | undefined;
  if (geom) {
    mapped['geom'] = undefined;
    mapped['geom_wkb'] = ewkbHex(geom);
  }
  return mapped;
}

export interface StagedBatch {
  /** The rows as one JSON array, for the layer's statement. */
  readonly json: string;
  readonly count: number;
  /** The rows and their numbers in the file, parsed only when a refused batch is explained (write-failure.ts). */
  parsed(): { rows: Record<string, unknown>[]; numbers: number[] };
}

/** The staged rows a batch at a time, as JSON: each line is `[row number,{row}]`, cut apart without parsing. */
export async function* stagedBatches(file: string, size: number): AsyncGenerator<StagedBatch> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let batch: string[] = [];
  const batchOf = (taken: string[]): StagedBatch => ({
    json: `[${taken.map((l) => l.slice(l.indexOf(',') + 1, -1)).join(',')}]`,
    count: taken.length,
    parsed: () => {
      const pairs = taken.map((l) => JSON.parse(l) as [number, Record<string, unknown>]);
      return { rows: pairs.map((p) => p[1]), numbers: pairs.map((p) => p[0]) };
    },
  });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length < size) continue;
    yield batchOf(batch);
    batch = [];
  }
  if (batch.length) yield batchOf(batch);
}

/** The distinct values the upload's listing counted (parse/column-values.ts), kept for the material list. */
export async function keepColumnValues(uploadFile: string, layers: readonly LayerInfo[]): Promise<void> {
  const byLayer = Object.fromEntries(layers.filter((l) => l.values).map((l) => [l.name, l.values!]));
  if (Object.keys(byLayer).length === 0) return;
  await privateDir(stagedDirOf(uploadFile));
  await writeFile(`${stagedDirOf(uploadFile)}/values.json`, JSON.stringify(byLayer), {
    mode: PRIVATE_FILE_MODE,
  });
}

/** A column's value counts as kept at upload, or null (not kept: the caller reads the file). */
export async function keptColumnValues(
  uploadFile: string,
  layer: string,
  column: string,
): Promise<[string, number][] | null> {
  const text = await readFile(`${stagedDirOf(uploadFile)}/values.json`, 'utf8').catch(() => null);
  if (text === null) return null;
  const byLayer = JSON.parse(text) as Record<string, Record<string, [string, number][]> | undefined>;
  return byLayer[layer]?.[column] ?? null;
}
