// Inflates the wanted entries of a zip a chunk at a time, with limits (issue 18): a 2 MB zip of 20 × 100 MB
// zero-filled .shp entries, inflated whole by unzipSync, took RSS from 1.7 to 3.2 GB and held the API for 40 s.
// The upload limit counts compressed bytes, so the inflated size is limited here: per entry, in total, and by the
// ratio of inflated to compressed bytes. Sizes an entry declares are checked before anything is inflated; the
// bytes actually inflated are counted as they come, since a crafted header can declare anything.
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { ImportFileError } from './import-file-error.ts';

const MiB = 1024 * 1024;

export interface ZipLimits {
  /** Largest inflated entry (a 500k-pipe network's .shp is about 400 MB). */
  readonly entryBytes: number;
  /** Largest sum of the inflated entries read from one zip. */
  readonly totalBytes: number;
  /**
   * Largest inflated/compressed ratio of an entry once it is past `ratioFloorBytes`. Real .shp files deflate 2–5:1
   * and padded .dbf files up to ~40:1; a run of zeros deflates ~1000:1.
   */
  readonly ratio: number;
  readonly ratioFloorBytes: number;
}

export const ZIP_LIMITS: ZipLimits = {
  entryBytes: 1024 * MiB,
  totalBytes: 2048 * MiB,
  ratio: 100,
  ratioFloorBytes: 16 * MiB,
};

/**
 * Compressed bytes handed to the unzipper at a time: fflate inflates a pushed chunk whole (16 KB of zeros → 16 MB),
 * and the ratio is measured to within one chunk.
 */
const CHUNK = 16 * 1024;

const mb = (bytes: number) => `${Math.round(bytes / MiB).toLocaleString('en')} MB`;

/** The entries whose names `wanted` accepts, inflated; anything unreadable or over a limit is an ImportFileError. */
export function inflateEntries(
  file: string,
  bytes: Uint8Array,
  wanted: (name: string) => boolean,
  limits: ZipLimits = ZIP_LIMITS,
): Map<string, Uint8Array> {
  if (!hasEndOfCentralDirectory(bytes))
    throw unreadable(file, 'no end of central directory (truncated or corrupt?)');
  const inflated = new Map<string, Uint8Array>();
  const open = new Set<string>();
  /** Offset of the chunk being pushed: an entry found in it is counted from there (leniently, a chunk early). */
  let at = 0;
  let pushed = 0;
  let total = 0;
  const onEntry = (entry: UnzipFile) => {
    if (!wanted(entry.name)) return;
    const where = `${file}/${entry.name}`;
    checkDeclared(where, entry, limits);
    const start = at;
    const chunks: Uint8Array[] = [];
    let size = 0;
    open.add(entry.name);
    entry.ondata = (error, chunk, final) => {
      // A limit thrown below comes back here: fflate's inflater catches what its handler throws and passes it on.
      if (error)
        throw error instanceof ImportFileError ? error : unreadable(file, `${entry.name}: ${error.message}`);
      size += chunk.length;
      total += chunk.length;
      checkInflated(where, size, pushed - start, limits);
      if (total > limits.totalBytes)
        throw new ImportFileError({
          file,
          message: `its shapefile parts inflate to more than ${mb(limits.totalBytes)} in total, the most one upload may hold; the zip was refused`,
        });
      chunks.push(chunk);
      if (!final) return;
      inflated.set(entry.name, concat(chunks, size));
      open.delete(entry.name);
    };
    entry.start();
  };
  const unzip = new Unzip(onEntry);
  unzip.register(UnzipInflate);
  try {
    for (; at < bytes.length || at === 0; at += CHUNK) {
      const chunk = bytes.subarray(at, at + CHUNK);
      pushed += chunk.length;
      unzip.push(chunk, at + CHUNK >= bytes.length);
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw unreadable(file, (error as Error).message);
  }
  if (open.size > 0) throw unreadable(file, `${[...open][0]} ends early (truncated?)`);
  return inflated;
}

function checkDeclared(where: string, entry: UnzipFile, limits: ZipLimits): void {
  const declared = entry.originalSize;
  if (declared === undefined) return;
  if (declared > limits.entryBytes) throw tooLarge(where, limits);
  if (entry.size !== undefined && declared > limits.ratioFloorBytes && declared > limits.ratio * entry.size)
    throw bomb(where, declared, entry.size, limits);
}

function checkInflated(where: string, size: number, compressed: number, limits: ZipLimits): void {
  if (size > limits.entryBytes) throw tooLarge(where, limits);
  if (size > limits.ratioFloorBytes && size > limits.ratio * Math.max(compressed, 1))
    throw bomb(where, size, compressed, limits);
}

const tooLarge = (where: string, limits: ZipLimits) =>
  new ImportFileError({
    file: where,
    message: `inflates to more than ${mb(limits.entryBytes)}, the most one file in a zip may hold; the zip was refused`,
  });

const bomb = (where: string, inflated: number, compressed: number, limits: ZipLimits) =>
  new ImportFileError({
    file: where,
    message:
      `inflates to more than ${limits.ratio} times its compressed size (${mb(inflated)} from ` +
      `${(compressed / 1024).toFixed(0)} KB), as a zip bomb does; the zip was refused`,
  });

const unreadable = (file: string, detail: string) =>
  new ImportFileError({ file, message: `is not a readable zip (truncated or corrupt?): ${detail}` });

/** The end-of-central-directory record sits in the last 22 bytes plus a comment of at most 65,535. */
function hasEndOfCentralDirectory(bytes: Uint8Array): boolean {
  const last = Math.max(0, bytes.length - 22 - 65535);
  for (let i = bytes.length - 22; i >= last; i--)
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 0x05 && bytes[i + 3] === 0x06)
      return true;
  return false;
}

function concat(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
