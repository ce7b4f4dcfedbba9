// GDAL opens the export files as QGIS and ArcGIS-minded tools do: driver, CRS, geometry type and field types as
// ogrinfo reports them. Skipped, with the reason, where GDAL's ogrinfo is not installed (CI installs gdal-bin).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { builderFor } from './builders.ts';
import { ALL_GATES, SAMPLE } from './test-rows.ts';
import { FILE_OF, type ExportFormat } from './layer.ts';
import { lofLayer } from './lof-layer.ts';

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
});
