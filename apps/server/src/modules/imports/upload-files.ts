// Uploaded files live under DATA_DIR/uploads/<id>: streamed to disk (1 GB files never sit in memory on the way in);
// the API reads only their first bytes (the format), the parse threads read them from their path (parse-thread.ts).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE_MODE, privateDir } from '../../lib/private-files.ts';
import { HEAD_BYTES, type UploadOnDisk } from './parse-thread.ts';

export const uploadPath = (dataDir: string, id: string) => path.join(dataDir, 'uploads', id);

/** The path of an import's upload while housekeeping keeps it (7 days), else null. */
export async function keptUpload(dataDir: string, uploadId: string | null): Promise<string | null> {
  if (!uploadId) return null;
  const file = uploadPath(dataDir, uploadId);
  const kept = await stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
  return kept ? file : null;
}

export async function saveStream(dataDir: string, stream: Readable): Promise<{ id: string; size: number }> {
  const id = randomUUID();
  const file = uploadPath(dataDir, id);
  await privateDir(path.dirname(file));
  let size = 0;
  stream.on('data', (chunk: Buffer) => (size += chunk.length));
  try {
    await pipeline(stream, createWriteStream(file, { mode: PRIVATE_FILE_MODE }));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return { id, size };
}

/** The upload at `file`, for the parse threads; rejects when it is gone. */
export async function readUpload(file: string, name: string): Promise<UploadOnDisk> {
  const handle = await open(file, 'r');
  try {
    const head = new Uint8Array(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return { name, path: file, head: head.subarray(0, bytesRead) };
  } finally {
    await handle.close();
  }
}

/** The upload and the rows its validations staged (staged-rows.ts). */
export async function deleteUpload(file: string): Promise<void> {
  await rm(`${file}.staged`, { recursive: true, force: true });
  await rm(file, { force: true });
}
