// Issue 18: a defect of the .dbf is reported against the .dbf (it was blamed on the .shp), with the row where one
// is known; dBASE's NUL padding is not a defect.
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { listLayers, readFeatures } from './layers.ts';
import { collect } from './test-fixtures.ts';

/** A point .shp of `n` records (ESRI Shapefile Technical Description: 100-byte header, 28-byte point records). */
function pointShp(n: number): Uint8Array {
  const bytes = new Uint8Array(100 + 28 * n);
  const view = new DataView(bytes.buffer);
  view.setInt32(0, 9994, false);
  view.setInt32(24, bytes.length / 2, false);
  view.setInt32(28, 1000, true);
  view.setInt32(32, 1, true);
  for (let i = 0; i < n; i++) {
    const at = 100 + 28 * i;
    view.setInt32(at, i + 1, false);
    view.setInt32(at + 4, 10, false);
    view.setInt32(at + 8, 1, true);
    view.setFloat64(at + 12, 139.9 + i / 100, true);
    view.setFloat64(at + 20, 37.4, true);
  }
  return bytes;
}

interface Field {
  name: string;
  type: string;
  length: number;
}

/** A dBASE III table: `rows` are the fields' raw text, padded with `pad` (spaces, or NULs as some writers do). */
function dbf(fields: Field[], rows: string[][], pad = ' '): Uint8Array {
  const headerLength = 32 + 32 * fields.length + 1;
  const recordLength = 1 + fields.reduce((s, f) => s + f.length, 0);
  const bytes = new Uint8Array(headerLength + recordLength * rows.length + 1);
  const view = new DataView(bytes.buffer);
  bytes[0] = 0x03;
  view.setUint32(4, rows.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  fields.forEach((f, i) => {
    const at = 32 + 32 * i;
    bytes.set(new TextEncoder().encode(f.name), at);
    bytes[at + 11] = f.type.charCodeAt(0);
    bytes[at + 16] = f.length;
  });
  bytes[headerLength - 1] = 0x0d;
  rows.forEach((row, r) => {
    let at = headerLength + r * recordLength;
    bytes[at++] = 0x20;
    fields.forEach((f, i) => {
      const text = row[i]!.padEnd(f.length, pad);
      bytes.set(new TextEncoder().encode(text), at);
      at += f.length;
    });
  });
  bytes[bytes.length - 1] = 0x1a;
  return bytes;
}

const FIELDS: Field[] = [
  { name: 'ID', type: 'C', length: 6 },
  { name: 'MATERIAL', type: 'C', length: 8 },
];
const ROWS = [
  ['P1', 'CI'],
  ['P2', 'PVC'],
];
const zipOf = (shp: Uint8Array, table: Uint8Array) => ({
  name: 'mains.zip',
  bytes: zipSync({ 'a.shp': shp, 'a.dbf': table }),
});

describe('a defective .dbf', () => {
  it('reads when whole, NUL padding included', async () => {
    const rows = await collect(readFeatures(zipOf(pointShp(2), dbf(FIELDS, ROWS, '\u0000'))));
    expect(rows.map((r) => r.properties)).toEqual([
      { ID: 'P1', MATERIAL: 'CI' },
      { ID: 'P2', MATERIAL: 'PVC' },
    ]);
  });

  it('with a field type the reader does not know names the .dbf and the field', async () => {
    const table = dbf(
      [...FIELDS, { name: 'YEAR', type: 'I', length: 4 }],
      [
        ['P1', 'CI', 'xxxx'],
        ['P2', 'PVC', 'xxxx'],
      ],
    );
    await expect(listLayers(zipOf(pointShp(2), table))).rejects.toThrow(
      "mains.zip/a.dbf: has field 'YEAR' of type 'I', which cannot be read (dBASE types B, C, D, F, L, M, N); save the table as dBASE III or IV",
    );
  });

  it('cut short names the .dbf and how many records it holds', async () => {
    const table = dbf(FIELDS, ROWS);
    await expect(
      collect(readFeatures(zipOf(pointShp(2), table.subarray(0, table.length - 10)))),
    ).rejects.toThrow(
      'mains.zip/a.dbf: holds 1 complete records of the 2 its header announces (truncated file?)',
    );
  });

  it('without the end of its field list names the .dbf', async () => {
    const table = dbf(FIELDS, ROWS);
    table[32 + 64] = 0x20;
    await expect(listLayers(zipOf(pointShp(2), table))).rejects.toThrow(
      /^mains\.zip\/a\.dbf: has no end of its field list/,
    );
  });

  it('with fewer records than the .shp names the .dbf and the row', async () => {
    await expect(collect(readFeatures(zipOf(pointShp(3), dbf(FIELDS, ROWS))))).rejects.toThrow(
      'mains.zip/a.dbf (row 3): has 2 records, fewer than the .shp: the two files do not belong together',
    );
  });

  it('in an unknown encoding of its .cpg names the .cpg', async () => {
    const file = {
      name: 'mains.zip',
      bytes: zipSync({
        'a.shp': pointShp(2),
        'a.dbf': dbf(FIELDS, ROWS),
        'a.cpg': new TextEncoder().encode('klingon'),
      }),
    };
    await expect(collect(readFeatures(file))).rejects.toThrow(
      "mains.zip/a.cpg: names the text encoding 'klingon', which is unknown; choose the encoding of the .dbf",
    );
  });
});
