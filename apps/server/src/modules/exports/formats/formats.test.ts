// Every export format read back with the project's own import parsers (the GeoPackage, Shapefile, GeoJSON and
// CSV readers a utility's files go through): layer, CRS, field names and types, values and geometry survive.
import { describe, expect, it } from 'vitest';
import { listLayers, readFeatures } from '../../imports/parse/layers.ts';
import { collect } from '../../imports/parse/test-fixtures.ts';
import { SI_UNITS, type ExportUnits } from '../export-csv.ts';
import { builderFor } from './builders.ts';
import { FILE_OF, type ExportFormat } from './layer.ts';
import { lofLayer, PIPE_FIELDS } from './lof-layer.ts';
import { WGS84_PRJ } from './shapefile-writer.ts';
import { VIS_FIELDS, visLayer } from './vis-layer.ts';
import { ALL_GATES, SAMPLE } from './test-rows.ts';

async function build(format: ExportFormat, units: ExportUnits = { segment: 'ft', diameter: 'in' }) {
  const builder = await builderFor(format, lofLayer(ALL_GATES, units));
  builder.add(SAMPLE.slice(0, 1));
  builder.add(SAMPLE.slice(1));
  const bytes = await builder.finish();
  return { name: `pipes_lof.${FILE_OF[format].extension}`, bytes };
}

describe('lof export files', () => {
  it('GeoPackage: one MULTILINESTRING layer in EPSG:4326 with the full field names and SQLite types', async () => {
    const file = await build('gpkg');
    const [layer, ...rest] = await listLayers(file);
    expect(rest).toEqual([]);
    expect(layer).toMatchObject({
      name: 'pipes_lof',
      geometryType: 'MultiLineString',
      featureCount: 3,
      crs: 'EPSG:4326',
    });
    expect(layer!.columns).toEqual([
      'fid',
      ...lofLayer(ALL_GATES, { segment: 'ft', diameter: 'in' }).fields.map((f) => f.name),
    ]);
    const features = await collect(readFeatures(file));
    expect(features[0]!.properties).toMatchObject({
      id: 1,
      native_pipe_id: 'P-1',
      length_ft: 328.08,
      diameter_in: 6,
      install_year: 1961,
      lof_12: 0.125,
      rank_12: 1,
      bre: 0.75,
    });
    expect(features[1]!.properties).toMatchObject({
      address: '東京都千代田区1-1',
      install_year: null,
      rul: null,
    });
    expect(features[1]!.geometry).toEqual({ type: 'MultiLineString', coordinates: SAMPLE[1]!.lines });
    expect(features[2]!.geometry).toBeNull();
  });

  it('zipped Shapefile: .prj WGS 84, UTF-8 .cpg, dBASE names ≤ 10 characters from the documented mapping', async () => {
    const file = await build('shp');
    const [layer] = await listLayers(file);
    // A Shapefile's PolyLine type is single- and multi-part alike; the header reader calls it LineString.
    expect(layer).toMatchObject({
      name: 'pipes_lof',
      geometryType: 'LineString',
      featureCount: 3,
      crs: WGS84_PRJ,
    });
    const names = [
      'id',
      'pipe_id',
      'address',
      'length_ft',
      'diam_in',
      'inst_year',
      'material',
      'year_st',
      'diam_st',
      'mat_st',
      'lof_12',
      'lof_24',
      'lof_36',
      'lof_60',
      'rank_12',
      'rul',
      'cof_total',
      'bre',
    ];
    expect(layer!.columns).toEqual(names);
    const features = await collect(readFeatures(file));
    expect(features[0]!.properties).toMatchObject({
      id: 1,
      pipe_id: 'P-1',
      length_ft: 328.08,
      diam_in: 6,
      inst_year: 1961,
      lof_12: 0.125,
    });
    expect(features[1]!.properties).toMatchObject({
      address: '東京都千代田区1-1',
      inst_year: null,
      rul: null,
    });
    expect(features[0]!.geometry).toEqual({ type: 'LineString', coordinates: SAMPLE[0]!.lines![0] });
    expect(features[1]!.geometry).toEqual({ type: 'MultiLineString', coordinates: SAMPLE[1]!.lines });
    expect(features[2]!.geometry).toBeNull();
  });

  it('every full field name has a Shapefile name of at most 10 characters, all distinct', () => {
    for (const table of [PIPE_FIELDS, VIS_FIELDS]) {
      const shorts = Object.values(table).map(([s]) => s);
      for (const s of shorts) expect(s.length).toBeLessThanOrEqual(10);
      expect(new Set(shorts).size).toBe(shorts.length);
    }
    // Every column the CSV can have (all subscriptions, both unit systems) has its Shapefile name.
    for (const units of [SI_UNITS, { segment: 'ft', diameter: 'in' } as const]) {
      expect(() => lofLayer(ALL_GATES, units)).not.toThrow();
      expect(() => visLayer(ALL_GATES, units)).not.toThrow();
    }
  });

  it('GeoJSON and CSV carry the same fields and geometry (WKT in the CSV)', async () => {
    const geojson = await build('geojson', { segment: 'm', diameter: 'mm' });
    const features = await collect(readFeatures(geojson));
    expect(features).toHaveLength(3);
    expect(features[0]!.properties).toMatchObject({
      id: 1,
      length_m: 100,
      diameter_mm: 152.4,
      material: expect.any(String),
    });
    expect(features[1]!.geometry).toEqual({ type: 'MultiLineString', coordinates: SAMPLE[1]!.lines });
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode((await build('csv')).bytes);
    expect(csv.split('\r\n')[0]).toMatch(/^\uFEFFid,native_pipe_id,.*,bre,wkt$/);
    expect(csv).toContain(
      '"MULTILINESTRING ((-84.48 38.03, -84.47 38.02), (-84.47 38.02, -84.46 38.01, -84.45 38))"',
    );
  });

  it('leaves out the fields the subscriptions close', async () => {
    const layer = lofLayer({ ...ALL_GATES, cof: false, bre: 'none', rul: false });
    expect(layer.fields.map((f) => f.name)).not.toContain('cof_total');
    expect(layer.fields.map((f) => f.name)).not.toContain('rul');
  });
});
