// The cofBre file read back with the project's own import parsers: the COF total, level and parts under the COF
// details API's names, BRE and its level only with the BRE subscription, Shapefile names of ≤ 10 characters.
import { describe, expect, it } from 'vitest';
import { listLayers, readFeatures } from '../../imports/parse/layers.ts';
import { collect } from '../../imports/parse/test-fixtures.ts';
import { builderFor } from './builders.ts';
import { COF_BRE_FIELDS, cofBreLayer, type CofBreRow } from './cof-bre-layer.ts';
import { FILE_OF, type ExportFeature, type ExportFormat } from './layer.ts';
import { WGS84_PRJ } from './shapefile-writer.ts';
import { ALL_GATES } from './test-rows.ts';

const row = (id: number, over: Partial<CofBreRow> = {}): CofBreRow => ({
  id,
  nativePipeId: `P-${id}`,
  lengthM: 100,
  cofTotal: 5000,
  cofLevel: 3,
  cof: { direct: 3000, intenseRepair: 0, standardRepair: 2500, indirect: 2000, noWater: 1, custom: 0 },
  bre: 625,
  breLevel: 2,
  ...over,
});

const SAMPLE: ExportFeature<CofBreRow>[] = [
  {
    row: row(1),
    lines: [
      [
        [-84.5, 38.04],
        [-84.49, 38.05],
      ],
    ],
  },
  // A pipe without results (the analysis skipped it): every figure empty, the pipe still listed.
  { row: row(2, { cofTotal: null, cofLevel: null, cof: null, bre: null, breLevel: null }), lines: null },
];

async function build(format: ExportFormat, gates = ALL_GATES) {
  const builder = await builderFor(format, cofBreLayer(gates, { segment: 'ft', diameter: 'in' }));
  builder.add(SAMPLE);
  return { name: `pipes_cof_bre.${FILE_OF[format].extension}`, bytes: await builder.finish() };
}

describe('cofBre export files', () => {
  it('GeoPackage: COF total, level and parts, BRE and its level', async () => {
    const file = await build('gpkg');
    const [layer] = await listLayers(file);
    expect(layer).toMatchObject({ name: 'pipes_cof_bre', crs: 'EPSG:4326', featureCount: 2 });
    const [first, second] = await collect(readFeatures(file));
    expect(first!.properties).toMatchObject({
      native_pipe_id: 'P-1',
      length_ft: 328.08,
      cof_total: 5000,
      cof_level: 3,
      direct: 3000,
      standard_repair: 2500,
      indirect: 2000,
      no_water: 1,
      traffic_disruption: null,
      bre: 625,
      bre_level: 2,
    });
    expect(second!.properties).toMatchObject({
      native_pipe_id: 'P-2',
      cof_total: null,
      direct: null,
      bre: null,
    });
  });

  it('zipped Shapefile: WGS 84 and the documented dBASE names, ≤ 10 characters and distinct', async () => {
    const shorts = Object.values(COF_BRE_FIELDS).map(([s]) => s);
    for (const s of shorts) expect(s.length).toBeLessThanOrEqual(10);
    expect(new Set(shorts).size).toBe(shorts.length);
    const file = await build('shp');
    const [layer] = await listLayers(file);
    expect(layer).toMatchObject({ name: 'pipes_cof_bre', crs: WGS84_PRJ, featureCount: 2 });
    expect(layer!.columns).toEqual(
      cofBreLayer(ALL_GATES, { segment: 'ft', diameter: 'in' }).fields.map((f) => f.short),
    );
    const [first] = await collect(readFeatures(file));
    expect(first!.properties).toMatchObject({ std_repair: 2500, int_repair: 0, traffic: null, bre_level: 2 });
  });

  it('leaves BRE out without the BRE subscription (restricted), keeps COF', async () => {
    const file = await build('geojson', { ...ALL_GATES, bre: 'restricted' });
    const [first] = await collect(readFeatures(file));
    expect(first!.properties).toMatchObject({ cof_total: 5000, direct: 3000 });
    expect(Object.keys(first!.properties)).not.toContain('bre');
    expect(Object.keys(first!.properties)).not.toContain('bre_level');
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode((await build('csv')).bytes);
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFid,native_pipe_id,length_ft,cof_total,cof_level,direct,intense_repair,standard_repair,indirect,' +
        'no_water,traffic_disruption,critical_facilities,property_damage,environment,custom,bre,bre_level,wkt',
    );
  });
});
