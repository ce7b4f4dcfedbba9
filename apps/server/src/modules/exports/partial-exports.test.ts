// Issue 37: a build killed mid-write left a 0-byte .gpkg under the export's own name. Builds now write a .part file
// and rename it; the .part files a stopped process left are removed at the next start.
import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportsDir, removePartialExports } from './export-file.job.ts';

describe('removePartialExports', () => {
  it('removes the .part files older than the bound, and nothing else', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'pw-exports-'));
    const dir = path.join(exportsDir(dataDir), '1');
    await mkdir(dir, { recursive: true });
    for (const name of ['7.gpkg', '8.gpkg.part', '9.csv.part']) await writeFile(path.join(dir, name), 'x');
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await utimes(path.join(dir, '8.gpkg.part'), hourAgo, hourAgo);
    expect(await removePartialExports(dataDir, 30 * 60_000)).toBe(1);
    expect((await readdir(dir)).sort()).toEqual(['7.gpkg', '9.csv.part']);
    expect(await removePartialExports(dataDir, 0)).toBe(1);
    expect(await readdir(dir)).toEqual(['7.gpkg']);
    expect(await removePartialExports(path.join(dataDir, 'none'), 0)).toBe(0);
  });
});
