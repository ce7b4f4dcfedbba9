// The API's process reads an upload's first bytes only (issue 18: a 1 GB upload was read whole for every wizard
// step); the parse threads read the file from its path.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HEAD_BYTES, layersInThread } from './parse-thread.ts';
import { readUpload } from './upload-files.ts';

const dir = await mkdtemp(path.join(tmpdir(), 'pw-upload-files-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('readUpload', () => {
  it('holds the first bytes and the path, and the thread parses the whole file from the path', async () => {
    const lines = ['ID;WKT'];
    for (let i = 1; i <= 600; i++) lines.push(`M${i};POINT(${-85.7 + i * 1e-4} 38.2)`);
    const text = lines.join('\n') + '\n';
    expect(text.length).toBeGreaterThan(3 * HEAD_BYTES);
    const file = path.join(dir, 'points.csv');
    await writeFile(file, text);
    const upload = await readUpload(file, 'points.csv');
    expect(upload).toEqual({
      name: 'points.csv',
      path: file,
      head: new Uint8Array(Buffer.from(text.slice(0, HEAD_BYTES))),
    });
    expect((await layersInThread(upload))[0]).toMatchObject({ featureCount: 600 });
  });

  it('holds a small file whole, and rejects a file that is gone', async () => {
    const file = path.join(dir, 'tiny.csv');
    await writeFile(file, 'ID\n1\n');
    expect((await readUpload(file, 'tiny.csv')).head).toEqual(new Uint8Array(Buffer.from('ID\n1\n')));
    await expect(readUpload(path.join(dir, 'gone.csv'), 'gone.csv')).rejects.toThrow(/ENOENT/);
  });
});
