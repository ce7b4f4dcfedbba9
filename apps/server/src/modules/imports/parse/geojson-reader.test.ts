import { describe, expect, it } from 'vitest';
import { readGeoJson, readGeoJsonStream } from './geojson-reader.ts';
import { listLayers } from './layers.ts';
import { collect, textFile } from './test-fixtures.ts';

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
});
