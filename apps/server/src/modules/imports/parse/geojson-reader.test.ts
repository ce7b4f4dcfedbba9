import { describe, expect, it } from 'vitest';
import { readGeoJson, readGeoJsonBatches, readGeoJsonStream } from './geojson-reader.ts';
import { listLayers } from './layers.ts';
import { collect, textFile } from './test-fixtures.ts';
import type { ImportFeature } from './types.ts';

const collection = (crs: string) =>
  JSON.stringify({
    type: 'FeatureCollection',
    crs: { type: 'name', properties: { name: crs } },
    features: Array.from({ length: 50 }, (_, i) => ({
      type: 'Feature',
      properties: { 管路番号: `配水管-${i}`, 口径: 150 },
      geometry: { type: 'Point', coordinates: [541741.1448 + i, 4812353.8463] },
    })),
  });

async function* slices(bytes: Uint8Array, size: number) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('GeoJSON reader', () => {
  it('streams from byte chunks that cut multi-byte characters, with the same result as the whole file', async () => {
    const file = textFile('mains.geojson', collection('EPSG:26917'));
    const whole = await collect(readGeoJson(file));
    const streamed = await collect(readGeoJsonStream(file.name, slices(file.bytes, 7)));
    expect(streamed).toEqual(whole);
    expect(whole).toHaveLength(50);
    expect(whole[0]!.properties).toEqual({ 管路番号: '配水管-0', 口径: 150 });
    const [lon, lat] = (whole[0]!.geometry as { coordinates: number[] }).coordinates;
    expect(lon).toBeCloseTo(-80.484, 2);
    expect(lat).toBeCloseTo(43.463, 2);
  });

  it('a user CRS overrides the declared one; an unknown CRS names the file', async () => {
    const file = textFile('mains.geojson', collection('EPSG:999999'));
    await expect(collect(readGeoJson(file))).rejects.toThrow(/mains\.geojson: unsupported CRS EPSG:999999/);
    const [first] = await collect(readGeoJson(file, { crs: 'EPSG:26917' }));
    expect(first!.geometry).not.toBeNull();
  });

  it('a file without a crs member is WGS 84 by definition (RFC 7946), so the wizard asks nothing (issue 15)', async () => {
    const rfc = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { ID: 'P1' },
          geometry: { type: 'Point', coordinates: [-85.7, 38.2] },
        },
      ],
    });
    expect((await listLayers(textFile('valves.geojson', rfc)))[0]!.crs).toBe('EPSG:4326');
    expect((await listLayers(textFile('mains.geojson', collection('EPSG:26917'))))[0]!.crs).toBe(
      'EPSG:26917',
    );
  });

  it('an invalid geometry is a row problem, not a failure of the file', async () => {
    const text =
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[1,2]]}}]}';
    const [row] = await collect(readGeoJson(textFile('x.geojson', text)));
    expect(row).toMatchObject({
      row: 1,
      geometry: null,
      geometryError: 'LineString needs at least 2 valid positions',
    });
  });

  it('keeps an object or array property as its JSON text, and refuses one nested past reading, naming row and field', async () => {
    const text =
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"n":1,"tags":["a","b"],"meta":{"k":2}},"geometry":null}]}';
    const [row] = await collect(readGeoJson(textFile('x.geojson', text)));
    expect(row!.properties).toEqual({ n: 1, tags: '["a","b"]', meta: '{"k":2}' });
    const depth = 20_000;
    const deep = `{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"ok":1},"geometry":null},{"type":"Feature","properties":{"a":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}},"geometry":null}]}`;
    await expect(collect(readGeoJson(textFile('deep.geojson', deep)))).rejects.toMatchObject({
      row: 2,
      field: 'a',
      message: expect.stringContaining('nests too deeply'),
    });
  });

  it('hands the features a chunk completes over as one batch, the same features one by one, the rows before a broken one first (issue 41)', async () => {
    const feature = (i: number) =>
      `{"type":"Feature","properties":{"id":"P${i}","note":"${'x'.repeat(400)}"},"geometry":{"type":"Point","coordinates":[${i},1]}}`;
    const rows = Array.from({ length: 5000 }, (_, i) => feature(i + 1));
    const file = textFile('many.geojson', `{"type":"FeatureCollection","features":[${rows.join(',\n')}]}`);
    const batches: number[] = [];
    const batched: ImportFeature[] = [];
    for await (const batch of readGeoJsonBatches(file)) {
      batches.push(batch.length);
      batched.push(...batch);
    }
    expect(batches.length).toBeGreaterThan(1);
    expect(batched).toEqual(await collect(readGeoJson(file)));
    expect(batched.map((f) => f.row)).toEqual(rows.map((_, i) => i + 1));
    const broken = textFile(
      'broken.geojson',
      `{"type":"FeatureCollection","features":[${feature(1)},{"a":1,}]}`,
    );
    const read: ImportFeature[] = [];
    await expect(
      (async () => {
        for await (const f of readGeoJson(broken)) read.push(f);
      })(),
    ).rejects.toMatchObject({ row: 2 });
    expect(read).toHaveLength(1);
  });

  it('keeps scalar properties as parsed, and reads array properties and a __proto__ member as before', async () => {
    const text =
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":["a",2],"geometry":null},{"type":"Feature","properties":{"__proto__":1,"b":2},"geometry":null},{"type":"Feature","properties":{"c":null,"d":"x"},"geometry":null}]}';
    const [array, proto, plain] = await collect(readGeoJson(textFile('x.geojson', text)));
    expect(Array.isArray(array!.properties)).toBe(false);
    expect(array!.properties).toEqual({ 0: 'a', 1: 2 });
    expect(Object.keys(proto!.properties)).toEqual(['b']);
    expect(plain!.properties).toEqual({ c: null, d: 'x' });
  });
});
