// Issue 18: a text file's defect is reported where it is (the byte, the line), a UTF-16 file without BOM is read
// as UTF-16, and a NUL never reaches the database: each case fails with an ImportFileError naming what is wrong.
import { describe, expect, it } from 'vitest';
import { locateBadByte } from './bad-byte.ts';
import { listLayers, readFeatures } from './layers.ts';
import { readGeoJsonStream } from './geojson-reader.ts';
import { collect, textFile } from './test-fixtures.ts';
import { sniffEncoding } from './text-encoding.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const utf16le = (s: string) => new Uint8Array(Buffer.from(s, 'utf16le'));
const utf16be = (s: string) => {
  const le = Buffer.from(s, 'utf16le');
  return new Uint8Array(le.swap16());
};

/** A UTF-8 CSV of `rows` rows with one latin-1 byte (0xE9, é) in the value of the last row. */
function csvWithBadByteAtEnd(rows: number) {
  const head = utf8(`id,name\n${Array.from({ length: rows - 1 }, (_, i) => `${i},Rue ${i}`).join('\n')}\n`);
  const bytes = new Uint8Array([...head, ...utf8(`${rows - 1},Caf`), 0xe9, 0x0a]);
  return { bytes, offset: head.length + utf8(`${rows - 1},Caf`).length, line: rows + 1 };
}

describe('the byte where text stops being text', () => {
  it('is the bad byte itself, however far into the file (not the start of its chunk)', () => {
    for (const rows of [3, 5_000, 120_000]) {
      const { bytes, offset } = csvWithBadByteAtEnd(rows);
      expect(locateBadByte(bytes, 'utf-8')).toBe(offset);
    }
  });

  it('is the first byte of a character cut off by the end of the text', () => {
    const bytes = new Uint8Array([...utf8('abc'), 0xe2, 0x82]);
    expect(locateBadByte(bytes, 'utf-8')).toBe(3);
  });

  it('names the byte, its value and its line in the message', async () => {
    const { bytes, offset, line } = csvWithBadByteAtEnd(5_000);
    const error = await collect(readFeatures({ name: 'streets.csv', bytes })).catch((e: unknown) => e);
    expect(error).toMatchObject({ file: 'streets.csv', line });
    expect(String((error as Error).message)).toBe(
      `streets.csv (line ${line}): is not valid utf-8 text at byte ${offset.toLocaleString('en')} (0xE9); choose the file's encoding (e.g. windows-1252, shift_jis)`,
    );
  });

  it('is found in a streamed GeoJSON across chunk boundaries', async () => {
    const text = utf8(
      `{"type":"FeatureCollection","features":[${'{"type":"Feature","properties":{"a":"x"},"geometry":null},'.repeat(50)}`,
    );
    const bytes = new Uint8Array([...text, 0xc3, 0x28, ...utf8('{}]}')]);
    // Chunks of 7 bytes: the bad pair lies across a boundary or not, the byte is the same.
    async function* chunks() {
      for (let i = 0; i < bytes.length; i += 7) yield bytes.subarray(i, i + 7);
    }
    const error = await collect(readGeoJsonStream('big.geojson', chunks())).catch((e: unknown) => e);
    expect(String(error)).toContain(
      `is not valid utf-8 text at byte ${text.length.toLocaleString('en')} (0xC3)`,
    );
  });
});

describe('UTF-16 text', () => {
  const csv = 'id,material,diameter\nP1,CI,150\nP2,PVC,200\n';

  it('is recognised by its zero bytes without a BOM, and by its BOM', () => {
    expect(sniffEncoding(utf16le(csv))).toBe('utf-16le');
    expect(sniffEncoding(utf16be(csv))).toBe('utf-16be');
    expect(sniffEncoding(new Uint8Array([0xff, 0xfe, ...utf16le(csv)]))).toBe('utf-16le');
    expect(sniffEncoding(utf8(csv))).toBeNull();
    expect(sniffEncoding(utf8('名前,材質\n管1,鋳鉄\n'))).toBeNull();
  });

  it('reads a UTF-16 CSV without BOM like its UTF-8 twin', async () => {
    for (const bytes of [utf16le(csv), utf16be(csv)]) {
      const file = { name: 'pipes.csv', bytes };
      const [layer] = await listLayers(file);
      expect(layer!.columns).toEqual(['id', 'material', 'diameter']);
      const rows = await collect(readFeatures(file));
      expect(rows.map((r) => r.properties)).toEqual([
        { id: 'P1', material: 'CI', diameter: '150' },
        { id: 'P2', material: 'PVC', diameter: '200' },
      ]);
    }
  });
});

describe('a NUL character', () => {
  it('in a CSV header is refused naming the line, with a hint at UTF-16', async () => {
    const file = textFile('pipes.csv', 'id,mate\u0000rial\nP1,CI\n');
    await expect(listLayers(file)).rejects.toThrow(
      'pipes.csv (line 1): holds a NUL character (byte 0), which is not text; if the file is UTF-16, choose that encoding (utf-16le or utf-16be); otherwise remove the character',
    );
  });

  it('in a CSV value is refused naming its line', async () => {
    const file = textFile('pipes.csv', 'id,material\nP1,CI\nP2,P\u0000VC\n');
    await expect(collect(readFeatures(file))).rejects.toMatchObject({ file: 'pipes.csv', line: 3 });
  });

  it('in a GeoJSON key or value is refused naming the row and field', async () => {
    const feature = (props: string) =>
      `{"type":"Feature","properties":${props},"geometry":{"type":"Point","coordinates":[1,2]}}`;
    const value = textFile(
      'p.geojson',
      `{"type":"FeatureCollection","features":[${feature('{"a":"x"}')},${feature('{"a":"x\\u0000y"}')}]}`,
    );
    await expect(collect(readFeatures(value))).rejects.toThrow(
      'p.geojson (row 2, field a): the value holds a NUL character (byte 0), which cannot be stored; remove it from the file',
    );
    const key = textFile(
      'k.geojson',
      `{"type":"FeatureCollection","features":[${feature('{"a\\u0000":1}')}]}`,
    );
    await expect(listLayers(key)).rejects.toThrow(
      'k.geojson (field a\\0): the column name holds a NUL character (byte 0), which cannot be stored; remove it from the file',
    );
  });
});
