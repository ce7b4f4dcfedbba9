// Bad files give an ImportFileError that names the file and, where it can, the line, row or field.
import fc from 'fast-check';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImportFileError } from './import-file-error.ts';
import { listLayers, readFeatures } from './layers.ts';
import { collect, textFile } from './test-fixtures.ts';
import type { ImportFile } from './types.ts';

const ascii = (s: string) => new TextEncoder().encode(s);
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe('bad input', () => {
  it('a truncated zip', async () => {
    const zip = zipSync({ 'a.shp': new Uint8Array(200), 'a.dbf': new Uint8Array(100) });
    const error = await failure(collect(readFeatures({ name: 'mains.zip', bytes: zip.subarray(0, 60) })));
    expect(error).toBeInstanceOf(ImportFileError);
    expect(String(error)).toMatch(/mains\.zip: is not a readable zip/);
  });

  it('a zip whose .shp is not a shapefile', async () => {
    const zip = zipSync({ 'a.shp': new TextEncoder().encode('hello '.repeat(40)) });
    await expect(listLayers({ name: 'mains.zip', bytes: zip })).rejects.toThrow(
      /mains\.zip\/a\.shp: is not a shapefile/,
    );
  });

  it('invalid JSON names the character offset; a truncated one says so', async () => {
    await expect(
      collect(readFeatures(textFile('a.geojson', '{"type":"FeatureCollection","features":[}'))),
    ).rejects.toThrow(/a\.geojson: invalid JSON: unexpected '}' at character 40/);
    await expect(
      collect(
        readFeatures(textFile('b.geojson', '{"type":"FeatureCollection","features":[{"type":"Feature"')),
      ),
    ).rejects.toThrow(/unexpected end of JSON/);
    const badFeature = '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"a":01}}]}';
    await expect(collect(readFeatures(textFile('c.geojson', badFeature)))).rejects.toMatchObject({
      file: 'c.geojson',
      row: 1,
    });
  });

  it('text in the wrong encoding asks for the encoding; the right one reads', async () => {
    const latin1 = {
      name: 'zones.csv',
      bytes: new Uint8Array([...ascii('ID,Stra'), 0xdf, ...ascii('e\n1,'), 0xdf, 0x0a]),
    };
    await expect(collect(readFeatures(latin1))).rejects.toThrow(
      /zones\.csv \(line 1\): is not valid utf-8 text at byte 7 \(0xDF\).*encoding/,
    );
    const [row] = await collect(readFeatures(latin1, { encoding: 'windows-1252' }));
    expect(row!.properties).toEqual({ ID: '1', Straße: 'ß' });
  });

  it('an unknown format', async () => {
    await expect(
      listLayers({ name: 'photo.png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }),
    ).rejects.toThrow(/photo\.png: is not a supported format/);
  });

  const NAMES = ['x.geojson', 'x.zip', 'x.gpkg', 'x.csv', 'x.inp'];
  const VALID: Record<string, string> = {
    'x.geojson':
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"a":1},"geometry":{"type":"Point","coordinates":[1,2]}}]}',
    'x.csv': 'id,lon,lat\n1,2,3\n',
    'x.inp':
      '[JUNCTIONS]\nJ1 10\nJ2 10\n[RESERVOIRS]\nR1 50\n[PIPES]\nP1 R1 J1 100 150 100\n[COORDINATES]\nJ1 1 2\n[END]\n',
  };

  it('random or corrupted bytes never throw anything but ImportFileError', async () => {
    const bytesOf = fc.oneof(
      fc.uint8Array({ maxLength: 400 }),
      fc
        .tuple(fc.constantFrom(...Object.values(VALID)), fc.nat(), fc.uint8Array({ maxLength: 8 }))
        .map(([text, at, junk]) => {
          const b = new TextEncoder().encode(text);
          const cut = at % (b.length + 1);
          return new Uint8Array([...b.subarray(0, cut), ...junk, ...b.subarray(cut + junk.length)]);
        }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...NAMES), bytesOf, async (name, bytes) => {
        const file: ImportFile = { name, bytes };
        for (const run of [() => listLayers(file), () => collect(readFeatures(file, { crs: 'EPSG:3857' }))]) {
          const error = await failure(run());
          if (error !== null && !(error instanceof ImportFileError)) throw error;
        }
      }),
      { numRuns: 300 },
    );
  });
});
