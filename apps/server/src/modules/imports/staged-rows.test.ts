import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ewkbHex } from './ewkb.ts';
import { RowStager, stagedBatches } from './staged-rows.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'pw-staged-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('RowStager', () => {
  it('writes every row once, in order, whether it fits the buffer or not, multi-byte text and all (issue 41)', async () => {
    const file = path.join(dir, 'rows.ndjson');
    const stager = new RowStager(file);
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < 3000; i++) {
      // Some rows are longer than the 1 MiB buffer, most are short; Japanese text takes 3 bytes a character.
      const long = i % 1000 === 7;
      const row = { id: `管-${i}`, note: long ? '配'.repeat(400_000) : `row ${i}`, n: i };
      rows.push(row);
      stager.add(i + 1, { ...row });
    }
    stager.finish();
    const read: [number, Record<string, unknown>][] = [];
    for await (const batch of stagedBatches(file, 700)) {
      const { rows: parsed, numbers } = batch.parsed();
      expect(JSON.parse(batch.json)).toEqual(parsed);
      parsed.forEach((r, k) => read.push([numbers[k]!, r]));
    }
    expect(read).toEqual(rows.map((r, i) => [i + 1, r]));
  });

  it('gives each geometry its own EWKB, a large one before a small one included', () => {
    const long = { type: 'LineString' as const, coordinates: Array.from({ length: 5000 }, (_, i) => [i, i]) };
    const point = { type: 'Point' as const, coordinates: [1.5, 2.5] };
    const first = ewkbHex(long);
    expect(ewkbHex(point)).toBe('0101000020e6100000000000000000f83f0000000000000440');
    expect(ewkbHex(long)).toBe(first);
    expect(first).toHaveLength(2 * (9 + 4 + 16 * 5000));
  });
});
