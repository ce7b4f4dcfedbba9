// GDAL opens the export files as QGIS and ArcGIS-minded tools do: driver, CRS, geometry type and field types as
// ogrinfo reports them. Skipped, with the reason, where GDAL's ogrinfo is not installed (CI installs gdal-bin).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builderFor } from './builders.ts';
import { ALL_GATES, SAMPLE } from './test-rows.ts';
import { FILE_OF, pointOf, type ExportFormat } from './layer.ts';
import { cofBreLayer } from './cof-bre-layer.ts';
import { lofLayer } from './lof-layer.ts';
import { normalizedBreakLayer } from './normalized-break-layer.ts';
import { normalizedPipeLayer } from './normalized-pipe-layer.ts';

function hasOgrinfo(): boolean {
  try {
    execFileSync('ogrinfo', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const HAS_GDAL = hasOgrinfo();
if (!HAS_GDAL)
  console.warn('ogrinfo (Debian gdal-bin) is not installed: the GDAL checks of the export files are skipped');

const dir = mkdtempSync(join(tmpdir(), 'pipewise-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function written(format: ExportFormat): Promise<string> {
  const builder = await builderFor(format, lofLayer(ALL_GATES, { segment: 'm', diameter: 'mm' }));
  builder.add(SAMPLE);
  const path = join(dir, `pipes_lof.${FILE_OF[format].extension}`);
  writeFileSync(path, await builder.finish());
  return path;
}

/** ogrinfo's summary of the one layer: -so (summary only), -al (all layers); /vsizip/ reads the zip in place. */
const ogrinfo = (path: string) =>
  execFileSync('ogrinfo', ['-ro', '-so', '-al', path], {
    encoding: 'utf8',
    env: { ...process.env, CPL_DEBUG: 'OFF' },
  });

describe.skipIf(!HAS_GDAL)('export files as GDAL reads them', () => {
  it('GeoPackage: GPKG driver, EPSG:4326, Multi Line String, Integer64/Real/String fields', async () => {
    const info = ogrinfo(await written('gpkg'));
    expect(info).toMatch(/using driver `GPKG'/);
    expect(info).toMatch(/Geometry: Multi Line String/);
    expect(info).toMatch(/Feature Count: 3/);
    expect(info).toMatch(/ID\["EPSG",4326\]/);
    expect(info).toMatch(/^id: Integer64/m);
    expect(info).toMatch(/^native_pipe_id: String/m);
    expect(info).toMatch(/^length_m: Real/m);
    expect(info).toMatch(/^install_year: Integer64/m);
  });

  it('zipped Shapefile: ESRI Shapefile driver, WGS 84, Line String, Integer/Real/String fields', async () => {
    const info = ogrinfo(`/vsizip/${await written('shp')}`);
    expect(info).toMatch(/using driver `ESRI Shapefile'/);
    expect(info).toMatch(/Geometry: Line String/);
    expect(info).toMatch(/Feature Count: 3/);
    expect(info).toMatch(/GEOGCRS\["WGS 84"/);
    expect(info).toMatch(/^id: Integer \(9\.0\)/m);
    expect(info).toMatch(/^pipe_id: String \(3\.0\)/m);
    expect(info).toMatch(/^length_m: Real \(19\.6\)/m);
    expect(info).toMatch(/^inst_year: Integer \(9\.0\)/m);
    expect(info).toMatch(/^address: String \(24\.0\)/m); // 東京都千代田区1-1 in UTF-8 bytes
  });

  it('normalizedPipe GeoPackage and Shapefile: status words as String, used values as numbers', async () => {
    const builder = await builderFor('gpkg', normalizedPipeLayer());
    const [pipe] = SAMPLE;
    const row = {
      id: 1,
      nativePipeId: 'P-1',
      lengthM: 100,
      provided: { diameterMm: null, installYear: 1961, materialTypeCode: 0 },
      used: { diameterMm: 150, installYear: 1961, materialTypeCode: 0 },
      status: { diameter: 1, installYear: 0, material: 0 },
      fromNode: 'J-1',
      toNode: 'J-2',
      pressureZone: null,
      abandoned: false,
    };
    builder.add([{ row, lines: pipe!.lines }]);
    const gpkg = join(dir, 'pipes_normalized.gpkg');
    writeFileSync(gpkg, await builder.finish());
    const info = ogrinfo(gpkg);
    expect(info).toMatch(/Geometry: Multi Line String/);
    expect(info).toMatch(/^diameter_status: String/m);
    expect(info).toMatch(/^diameter_used_mm: Real/m);
    expect(info).toMatch(/^install_year_used: Integer64/m);
    const shp = await builderFor('shp', normalizedPipeLayer());
    shp.add([{ row, lines: pipe!.lines }]);
    const zip = join(dir, 'pipes_normalized.zip');
    writeFileSync(zip, await shp.finish());
    const dbf = ogrinfo(`/vsizip/${zip}`);
    expect(dbf).toMatch(/^diam_st: String/m);
    expect(dbf).toMatch(/^year_used: Integer \(9\.0\)/m);
  });

  it('cofBre Shapefile: COF level as Integer, COF parts and BRE as Real, under their short names', async () => {
    const builder = await builderFor('shp', cofBreLayer(ALL_GATES));
    const row = {
      id: 1,
      nativePipeId: 'P-1',
      lengthM: 100,
      cofTotal: 5000,
      cofLevel: 3,
      cof: { direct: 3000, standardRepair: 2500 },
      bre: 625,
      breLevel: 2,
    };
    builder.add([{ row, lines: SAMPLE[0]!.lines }]);
    const zip = join(dir, 'pipes_cof_bre.zip');
    writeFileSync(zip, await builder.finish());
    const info = ogrinfo(`/vsizip/${zip}`);
    expect(info).toMatch(/Feature Count: 1/);
    expect(info).toMatch(/^cof_level: Integer \(9\.0\)/m);
    expect(info).toMatch(/^std_repair: Real \(19\.6\)/m);
    expect(info).toMatch(/^bre_level: Integer \(9\.0\)/m);
  });

  it('normalizedBreak GeoPackage and Shapefile: Point geometry in WGS 84', async () => {
    const row = {
      id: 1,
      breakDate: '2019-02-03',
      nativePipeId: 'P-1',
      pipeId: 11,
      pipeNativeId: 'P-1',
      matchedBy: 'snap',
      snapDistanceM: 2.5,
    };
    const infoOf = async (format: ExportFormat) => {
      const builder = await builderFor(format, normalizedBreakLayer());
      builder.add([{ row, lines: pointOf(-84.5, 38.04) }]);
      const path = join(dir, `breaks_normalized.${FILE_OF[format].extension}`);
      writeFileSync(path, await builder.finish());
      return ogrinfo(format === 'shp' ? `/vsizip/${path}` : path);
    };
    const gpkg = await infoOf('gpkg');
    expect(gpkg).toMatch(/Geometry: Point/);
    expect(gpkg).toMatch(/ID\["EPSG",4326\]/);
    expect(gpkg).toMatch(/^snap_distance_m: Real/m);
    expect(gpkg).toMatch(/Extent: \(-84\.500000, 38\.040000\) - \(-84\.500000, 38\.040000\)/);
    const shp = await infoOf('shp');
    expect(shp).toMatch(/Geometry: Point/);
    expect(shp).toMatch(/^matched_by: String/m);
  });
});
