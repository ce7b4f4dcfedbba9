// Uploaded files live under DATA_DIR/uploads/<id>: streamed to disk (1 GB files never sit in memory on the way in),
// read back whole for the parsers, which take bytes.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportFile } from './parse/index.ts';

export const uploadPath = (dataDir: string, id: string) => path.join(dataDir, 'uploads', id);

export async function saveStream(dataDir: string, stream: Readable): Promise<{ id: string; size: number }> {
  const id = randomUUID();
  const file = uploadPath(dataDir, id);
  await mkdir(path.dirname(file), { recursive: true });
  let size = 0;
  stream.on('data', (chunk: Buffer) => (size += chunk.length));
  try {
    await pipeline(stream, createWriteStream(file));
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return { id, size };
}

export async function readUpload(file: string, name: string): Promise<ImportFile> {
  return { name, bytes: new Uint8Array(await readFile(file)) };
}

export const deleteUpload = (file: string) => rm(file, { force: true });
