// The readers against real utility data: projected GeoJSON, a Shapefile with .prj, CSVs, EPANET models.
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ImportFileError } from './import-file-error.ts';
import { listLayers, readFeatures } from './layers.ts';
import { suggestMapping } from './suggest-mapping.ts';
import { validateRows } from './validate-rows.ts';
import { HAS_DATA, collect, dataFile, positions } from './test-fixtures.ts';

// Kentucky's extent (lon −89.6…−81.9, lat 36.5…39.2) and Toronto's (lon −79.7…−79.1, lat 43.5…43.9).
const inBox = (ps: number[][], [w, s, e, n]: number[]) =>
  ps.every(([x, y]) => x! >= w! && x! <= e! && y! >= s! && y! <= n!);
const KENTUCKY = [-89.6, 36.5, -81.9, 39.2];
const TORONTO = [-79.7, 43.5, -79.1, 43.9];

describe.skipIf(!HAS_DATA)('real files from shared/data', () => {
  it('reads KY4 GeoJSON layers in EPSG:3547 and lands them in Kentucky', async () => {
    const counts: Record<string, number> = {};
    for (const layer of ['pipes', 'junctions', 'tanks', 'reservoirs', 'pumps']) {
      const file = dataFile(`wntr-ky4-gis/ky4_${layer}.geojson`);
      const [info] = await listLayers(file);
      expect(info!.crs).toBe('urn:ogc:def:crs:EPSG::3547');
      const features = await collect(readFeatures(file));
      counts[layer] = features.length;
      expect(inBox(positions(features), KENTUCKY)).toBe(true);
    }
    expect(counts).toEqual({ pipes: 1156, junctions: 959, tanks: 4, reservoirs: 1, pumps: 2 });
  });

  it('reads the Toronto breaks Shapefile with its Web Mercator .prj and lands them in Toronto', async () => {
    const dir = 'toronto-watermain-breaks-1990-2016/Breaks_1990_2016_wgs84';
    const zip = zipSync({
      'breaks/Breaks.shp': dataFile(`${dir}.shp`).bytes,
      'breaks/Breaks.dbf': dataFile(`${dir}.dbf`).bytes,
      'breaks/Breaks.prj': dataFile(`${dir}.prj`).bytes,
    });
    const file = { name: 'toronto.zip', bytes: zip };
    const [info] = await listLayers(file);
    expect(info).toMatchObject({ name: 'Breaks', geometryType: 'Point', featureCount: 35465 });
    expect(info!.columns).toEqual(expect.arrayContaining(['BREAK_DATE', 'BREAK_YEAR', 'POINT_X', 'POINT_Y']));
    const features = await collect(readFeatures(file));
    expect(features).toHaveLength(35465);
    expect(inBox(positions(features), TORONTO)).toBe(true);
    // The reprojected point agrees with the file's own WGS84 columns to ~1 m.
    const [x, y] = (features[0]!.geometry as { coordinates: number[] }).coordinates;
    expect(x).toBeCloseTo(features[0]!.properties.POINT_X as number, 5);
    expect(y).toBeCloseTo(features[0]!.properties.POINT_Y as number, 5);

    // End to end: the suggested mapping validates every break, with DBF dates read as dates.
    const mapping = Object.fromEntries(
      suggestMapping(
        'breaks',
        info!.columns,
        features.slice(0, 50).map((f) => f.properties),
      ).map((s) => [s.field, s.column]),
    );
    expect(mapping).toMatchObject({ date: 'BREAK_DATE', x: 'POINT_X', y: 'POINT_Y' });
    const { records, report } = validateRows(
      'breaks',
      mapping,
      { lengthUnit: 'm', diameterUnit: 'mm', dateFormat: 'mdy', currentYear: 2026 },
      features,
    );
    expect(report).toMatchObject({ rows: 35465, imported: 35465, problems: {} });
    expect(records[0]!.date).toMatch(/^(199\d|20[01]\d)-\d\d-\d\d$/);
  });

  it('lists every shapefile of a zip with several layers, and reads the chosen one with its .cpg encoding', async () => {
    const dir = 'toronto-watermain-breaks-1990-2016/Breaks_1990_2016_wgs84';
    const shp = dataFile(`${dir}.shp`).bytes;
    const dbf = dataFile(`${dir}.dbf`).bytes;
    const zip = zipSync({
      'a/One.shp': shp,
      'a/One.dbf': dbf,
      'b/Two.shp': shp,
      'b/Two.dbf': dbf,
      'b/Two.cpg': new TextEncoder().encode('1252'),
    });
    const file = { name: 'two.zip', bytes: zip };
    expect((await listLayers(file)).map((l) => [l.name, l.featureCount, l.crs])).toEqual([
      ['One', 35465, null],
      ['Two', 35465, null],
    ]);
    for await (const feature of readFeatures(file, { layer: 'Two', crs: 'EPSG:3857' })) {
      expect(feature.row).toBe(1);
      break;
    }
    await expect(collect(readFeatures(file, { layer: 'Three' }))).rejects.toThrow(
      /two\.zip: has no layer 'Three'/,
    );
  });

  it('reads the Seattle breaks CSV with lon/lat columns', async () => {
    const features = await collect(readFeatures(dataFile('seattle-watermain-breaks/BreaksNearPipes.csv')));
    expect(features).toHaveLength(2823);
    expect(inBox(positions(features), [-122.5, 47.4, -122.2, 47.8])).toBe(true);
  });

  it('reads Kitchener breaks with x/y in UTM 17N when the user gives the CRS, and asks for it otherwise', async () => {
    const file = dataFile('kitchener-watermains-breaks/Water_Main_Breaks_export2024.csv');
    await expect(collect(readFeatures(file))).rejects.toThrow(/give the CRS/);
    const features = await collect(readFeatures(file, { crs: 'EPSG:26917' }));
    expect(features).toHaveLength(2809);
    const located = features.filter((f) => f.geometry !== null);
    expect(located.length).toBeGreaterThan(2700);
    expect(inBox(positions(located), [-80.6, 43.3, -80.2, 43.6])).toBe(true);
  });

  it('reads KY4 .inp as layers with a user CRS; pipes keep their vertices', async () => {
    const file = dataFile('epanet-kentucky/ky4.inp');
    const layers = await listLayers(file, { crs: 'EPSG:3547' });
    expect(Object.fromEntries(layers.map((l) => [l.name, l.featureCount]))).toEqual({
      pipes: 1156,
      junctions: 959,
      tanks: 4,
      reservoirs: 1,
      pumps: 2,
    });
    const pipes = await collect(readFeatures(file, { crs: 'EPSG:3547', layer: 'pipes' }));
    expect(pipes.every((p) => p.geometry?.type === 'LineString')).toBe(true);
    expect(positions(pipes).length).toBe(2 * 1156 + 2812);
    expect(inBox(positions(pipes), KENTUCKY)).toBe(true);
  });

  it('rejects wolf-initial-fig.inp naming the line and field of the first error', async () => {
    const error = await listLayers(dataFile('epanet-public/wolf-initial-fig.inp')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error).toMatchObject({ file: 'wolf-initial-fig.inp', line: 3780, field: 'keyword' });
    expect((error as Error).message).toMatch(/wolf-initial-fig\.inp \(line 3780.*\[PUMPS\]/);
  });
});
