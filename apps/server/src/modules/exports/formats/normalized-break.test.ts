// The normalizedBreak file read back with the project's own import parsers: a point layer in every format, with
// the date, the pipe each break is linked to and how (by id, snapped with the distance, or not at all).
import { describe, expect, it } from 'vitest';
import { listLayers, readFeatures } from '../../imports/parse/layers.ts';
import { collect } from '../../imports/parse/test-fixtures.ts';
import { builderFor } from './builders.ts';
import { FILE_OF, pointOf, type ExportFeature, type ExportFormat } from './layer.ts';
import {
  NORMALIZED_BREAK_FIELDS,
  normalizedBreakLayer,
  type NormalizedBreakRow,
} from './normalized-break-layer.ts';
import { WGS84_PRJ } from './shapefile-writer.ts';

const SAMPLE: ExportFeature<NormalizedBreakRow>[] = [
  {
    row: {
      id: 1,
      breakDate: '2019-02-03',
      nativePipeId: 'P-1',
      pipeId: 11,
      pipeNativeId: 'P-1',
      matchedBy: 'id',
      snapDistanceM: null,
    },
    lines: pointOf(-84.5, 38.04),
  },
  {
    row: {
      id: 2,
      breakDate: '2021-12-31',
      nativePipeId: null,
      pipeId: 12,
      pipeNativeId: '本管-2',
      matchedBy: 'snap',
      snapDistanceM: 3.048,
    },
    lines: pointOf(-84.49, 38.03),
  },
  // Unmatched and without a place: still a row of the file.
  {
    row: {
      id: 3,
      breakDate: '2022-01-01',
      nativePipeId: 'GONE',
      pipeId: null,
      pipeNativeId: null,
      matchedBy: null,
      snapDistanceM: null,
    },
    lines: null,
  },
];

async function build(format: ExportFormat) {
  const builder = await builderFor(format, normalizedBreakLayer({ segment: 'ft', diameter: 'in' }));
  builder.add(SAMPLE);
  return { name: `breaks_normalized.${FILE_OF[format].extension}`, bytes: await builder.finish() };
}

describe('normalizedBreak export files', () => {
  it('GeoPackage: a POINT layer in EPSG:4326 with the link and the snap distance in the user units', async () => {
    const file = await build('gpkg');
    const [layer] = await listLayers(file);
    expect(layer).toMatchObject({
      name: 'breaks_normalized',
      geometryType: 'Point',
      crs: 'EPSG:4326',
      featureCount: 3,
    });
    const [first, second, third] = await collect(readFeatures(file));
    expect(first!.properties).toMatchObject({ break_date: '2019-02-03', pipe_id: 11, matched_by: 'id' });
    expect(first!.geometry).toEqual({ type: 'Point', coordinates: [-84.5, 38.04] });
    expect(second!.properties).toMatchObject({
      source_pipe_id: null,
      native_pipe_id: '本管-2',
      matched_by: 'snap',
      snap_distance_ft: 10,
    });
    expect(third!.properties).toMatchObject({ pipe_id: null, matched_by: null, source_pipe_id: 'GONE' });
    expect(third!.geometry).toBeNull();
  });

  it('zipped Shapefile: Point shapes, WGS 84, dBASE names ≤ 10 characters and distinct', async () => {
    const shorts = Object.values(NORMALIZED_BREAK_FIELDS).map(([s]) => s);
    for (const s of shorts) expect(s.length).toBeLessThanOrEqual(10);
    expect(new Set(shorts).size).toBe(shorts.length);
    const file = await build('shp');
    const [layer] = await listLayers(file);
    expect(layer).toMatchObject({ name: 'breaks_normalized', geometryType: 'Point', crs: WGS84_PRJ });
    expect(layer!.columns).toEqual([
      'id',
      'break_date',
      'src_pipe',
      'pipe_ref',
      'pipe_id',
      'matched_by',
      'snap_ft',
    ]);
    const [, second, third] = await collect(readFeatures(file));
    expect(second!.properties).toMatchObject({ pipe_id: '本管-2', matched_by: 'snap', snap_ft: 10 });
    expect(second!.geometry).toEqual({ type: 'Point', coordinates: [-84.49, 38.03] });
    expect(third!.geometry).toBeNull();
  });

  it('GeoJSON Point features, and POINT WKT in the CSV', async () => {
    const [first] = await collect(readFeatures(await build('geojson')));
    expect(first!.geometry).toEqual({ type: 'Point', coordinates: [-84.5, 38.04] });
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode((await build('csv')).bytes);
    expect(csv.split('\r\n')[1]).toBe('1,2019-02-03,P-1,11,P-1,id,,POINT (-84.5 38.04)');
  });
});
