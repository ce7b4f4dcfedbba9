// Real files with bytes flipped or cut off: every reader must fail with an ImportFileError (or read what it can),
// never with a library's own exception, and never hang (vitest's timeout catches a hang).
import fc from 'fast-check';
import { zipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { ImportFileError } from './import-file-error.ts';
import { listLayers, readFeatures } from './layers.ts';
import { HAS_DATA, collect, dataFile } from './test-fixtures.ts';
import type { ImportFile } from './types.ts';

const RECORDS = 20;

/** The Toronto shapefile cut to its first records (point records are 28 bytes; dBASE records as the header says). */
function smallShapefileZip(): Uint8Array {
  const dir = 'toronto-watermain-breaks-1990-2016/Breaks_1990_2016_wgs84';
  const shp = dataFile(`${dir}.shp`).bytes.slice(0, 100 + 28 * RECORDS);
  new DataView(shp.buffer).setInt32(24, shp.length / 2, false);
  const dbfAll = dataFile(`${dir}.dbf`).bytes;
  const view = new DataView(dbfAll.buffer, dbfAll.byteOffset);
  const dbf = dbfAll.slice(0, view.getUint16(8, true) + view.getUint16(10, true) * RECORDS);
  new DataView(dbf.buffer).setUint32(4, RECORDS, true);
  return zipSync({ 'b.shp': shp, 'b.dbf': dbf, 'b.prj': dataFile(`${dir}.prj`).bytes });
}

async function smallGeoPackage(): Promise<Uint8Array> {
  const db = new (await initSqlJs()).Database();
  db.run(`CREATE TABLE gpkg_spatial_ref_sys (srs_id INTEGER PRIMARY KEY, organization TEXT, organization_coordsys_id INTEGER, definition TEXT);
    INSERT INTO gpkg_spatial_ref_sys VALUES (4326, 'EPSG', 4326, '');
    CREATE TABLE gpkg_contents (table_name TEXT);
    CREATE TABLE gpkg_geometry_columns (table_name TEXT, column_name TEXT, geometry_type_name TEXT, srs_id INTEGER);
    INSERT INTO gpkg_geometry_columns VALUES ('p', 'geom', 'POINT', 4326);
    CREATE TABLE p (fid INTEGER PRIMARY KEY, geom BLOB, name TEXT);
    INSERT INTO p (geom, name) VALUES (X'47500001E61000000101000000000000000000F03F0000000000000040', 'a');`);
  const bytes = db.export();
  db.close();
  return bytes;
}

async function onlyImportErrors(file: ImportFile): Promise<void> {
  for (const run of [() => listLayers(file), () => collect(readFeatures(file))]) {
    const error = await run().then(
      () => null,
      (e: unknown) => e,
    );
    if (error !== null && !(error instanceof ImportFileError)) throw error;
  }
}

const mutate = (bytes: Uint8Array) =>
  fc.oneof(
    fc.nat().map((n) => bytes.slice(0, n % bytes.length)),
    fc
      .array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 6 })
      .map((flips) => {
        const copy = bytes.slice();
        for (const [at, value] of flips) copy[at % copy.length] = value;
        return copy;
      }),
  );

describe('corrupted real files', () => {
  it.skipIf(!HAS_DATA)('a zipped Shapefile', async () => {
    const zip = smallShapefileZip();
    expect(await collect(readFeatures({ name: 'b.zip', bytes: zip }))).toHaveLength(RECORDS);
    await fc.assert(
      fc.asyncProperty(mutate(zip), (bytes) => onlyImportErrors({ name: 'b.zip', bytes })),
      { numRuns: 150 },
    );
  });

  it('a GeoPackage', async () => {
    const gpkg = await smallGeoPackage();
    const [point] = await collect(readFeatures({ name: 'p.gpkg', bytes: gpkg }));
    expect(point).toMatchObject({
      geometry: { type: 'Point', coordinates: [1, 2] },
      properties: { name: 'a' },
    });
    await fc.assert(
      fc.asyncProperty(mutate(gpkg), (bytes) => onlyImportErrors({ name: 'p.gpkg', bytes })),
      { numRuns: 100 },
    );
  });

  it.skipIf(!HAS_DATA)('a GeoJSON and an EPANET file', async () => {
    const geojson = dataFile('wntr-ky4-gis/ky4_tanks.geojson').bytes;
    const inp = dataFile('epanet-public/Net1.inp').bytes;
    await fc.assert(
      fc.asyncProperty(mutate(geojson), (bytes) => onlyImportErrors({ name: 't.geojson', bytes })),
      { numRuns: 150 },
    );
    await fc.assert(
      fc.asyncProperty(mutate(inp), (bytes) => onlyImportErrors({ name: 'n.inp', bytes })),
      { numRuns: 150 },
    );
  });
});
