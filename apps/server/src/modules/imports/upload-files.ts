// Uploaded files live under DATA_DIR/uploads/<id>: streamed to disk (1 GB files never sit in memory on the way in),
// read back whole for the checks made here; the parse threads read them from their path (parse-thread.ts).
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE_MODE, privateDir } from '../../lib/private-files.ts';
import type { ParseSource } from './parse-thread.ts';

export const uploadPath = (dataDir: string, id: string) => path.join(dataDir, 'uploads', id);

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

export async function readUpload(file: string, name: string): Promise<ParseSource> {
  return { name, bytes: new Uint8Array(await readFile(file)), path: file };
}

export const deleteUpload = (file: string) => rm(file, { force: true });
