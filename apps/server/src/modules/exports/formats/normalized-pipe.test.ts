// The normalizedPipe file read back with the project's own import parsers: what a utility re-imports or hands to
// its GIS keeps the provided values (null where none), topology, zone, and each used value with its origin.
import { DATA_ORIGIN } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { listLayers, readFeatures } from '../../imports/parse/layers.ts';
import { collect } from '../../imports/parse/test-fixtures.ts';
import type { ExportUnits } from '../export-csv.ts';
import { builderFor } from './builders.ts';
import { FILE_OF, type ExportFeature, type ExportFormat } from './layer.ts';
import {
  NORMALIZED_PIPE_FIELDS,
  normalizedPipeLayer,
  type NormalizedPipeRow,
} from './normalized-pipe-layer.ts';
import { WGS84_PRJ } from './shapefile-writer.ts';

const row = (id: number, over: Partial<NormalizedPipeRow> = {}): NormalizedPipeRow => ({
  id,
  nativePipeId: `P-${id}`,
  lengthM: 100,
  provided: { diameterMm: 152.4, installYear: 1961, materialTypeCode: 0 },
  used: { diameterMm: 152.4, installYear: 1961, materialTypeCode: 0 },
  status: {
    diameter: DATA_ORIGIN.PROVIDED,
    installYear: DATA_ORIGIN.PROVIDED,
    material: DATA_ORIGIN.PROVIDED,
  },
  fromNode: `J-${id}`,
  toNode: `J-${id + 1}`,
  pressureZone: 'High',
  abandoned: false,
  ...over,
});

const SAMPLE: ExportFeature<NormalizedPipeRow>[] = [
  {
    row: row(1),
    lines: [
      [
        [-84.5, 38.04],
        [-84.49, 38.05],
      ],
    ],
  },
  {
    // No year in the source (imputed), a corrected material (overridden), abandoned, a Japanese zone name.
    row: row(2, {
      provided: { diameterMm: 203.2, installYear: null, materialTypeCode: 0 },
      used: { diameterMm: 203.2, installYear: 1974, materialTypeCode: 2 },
      status: {
        diameter: DATA_ORIGIN.PROVIDED,
        installYear: DATA_ORIGIN.IMPUTED,
        material: DATA_ORIGIN.OVERRIDDEN,
      },
      pressureZone: '高区',
      fromNode: null,
      abandoned: true,
    }),
    lines: [
      [
        [-84.48, 38.03],
        [-84.47, 38.02],
      ],
    ],
  },
];

const US: ExportUnits = { segment: 'ft', diameter: 'in' };

async function build(format: ExportFormat, units: ExportUnits = US) {
  const builder = await builderFor(format, normalizedPipeLayer(units));
  builder.add(SAMPLE);
  return { name: `pipes_normalized.${FILE_OF[format].extension}`, bytes: await builder.finish() };
}

describe('normalizedPipe export files', () => {
  it('GeoPackage: the provided values, topology, and each used value with its origin, in US units', async () => {
    const file = await build('gpkg');
    const [layer] = await listLayers(file);
    expect(layer).toMatchObject({
      name: 'pipes_normalized',
      geometryType: 'MultiLineString',
      crs: 'EPSG:4326',
    });
    const [first, second] = await collect(readFeatures(file));
    expect(first!.properties).toMatchObject({
      native_pipe_id: 'P-1',
      length_ft: 328.08,
      diameter_in: 6,
      material: 'CAS',
      material_code: 0,
      from_node: 'J-1',
      to_node: 'J-2',
      diameter_status: 'provided',
      diameter_used_in: 6,
      abandoned: 0,
    });
    expect(second!.properties).toMatchObject({
      install_year: null,
      install_year_status: 'imputed',
      install_year_used: 1974,
      material: 'CAS',
      material_status: 'overridden',
      material_used: 'DIP',
      material_used_code: 2,
      pressure_zone: '高区',
      from_node: null,
      abandoned: 1,
    });
    expect(second!.geometry).toEqual({ type: 'MultiLineString', coordinates: SAMPLE[1]!.lines });
  });

  it('zipped Shapefile: WGS 84 and the documented dBASE names, all ≤ 10 characters and distinct', async () => {
    const shorts = Object.values(NORMALIZED_PIPE_FIELDS).map(([s]) => s);
    for (const s of shorts) expect(s.length).toBeLessThanOrEqual(10);
    expect(new Set(shorts).size).toBe(shorts.length);
    const file = await build('shp', { segment: 'm', diameter: 'mm' });
    const [layer] = await listLayers(file);
    expect(layer).toMatchObject({ name: 'pipes_normalized', crs: WGS84_PRJ, featureCount: 2 });
    expect(layer!.columns).toEqual(normalizedPipeLayer().fields.map((f) => f.short));
    const [, second] = await collect(readFeatures(file));
    expect(second!.properties).toMatchObject({
      diam_mm: 203.2,
      inst_year: null,
      year_st: 'imputed',
      year_used: 1974,
      mat_used: 'DIP',
      press_zone: '高区',
      abandoned: 1,
    });
  });

  it('GeoJSON and CSV carry the same fields', async () => {
    const [feature] = await collect(readFeatures(await build('geojson')));
    expect(feature!.properties).toMatchObject({ native_pipe_id: 'P-1', pressure_zone: 'High' });
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode((await build('csv')).bytes);
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFF' + [...normalizedPipeLayer(US).fields.map((f) => f.name), 'wkt'].join(','),
    );
    expect(csv).toContain('P-2,328.08,8,,CAS,0,,J-3,高区,1,provided,8,imputed,1974,overridden,DIP,2,');
  });
});
