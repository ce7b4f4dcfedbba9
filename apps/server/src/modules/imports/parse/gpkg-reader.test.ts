// A GeoPackage built in the test with sql.js: header + WKB blobs, CRS from gpkg_spatial_ref_sys (EPSG:3547).
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import wkx from 'wkx';
import { listLayers, readFeatures } from './layers.ts';
import { collect } from './test-fixtures.ts';

function gpkgBlob(geometry: wkx.Geometry, srsId: number): Uint8Array {
  const header = Buffer.alloc(8);
  header.write('GP', 0, 'latin1');
  header[2] = 0; // version 1
  header[3] = 0b0000_0001; // little-endian header, no envelope
  header.writeInt32LE(srsId, 4);
  return Buffer.concat([header, geometry.toWkb()]);
}

async function buildGeoPackage(): Promise<Uint8Array> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(`CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT, srs_id INTEGER PRIMARY KEY, organization TEXT, organization_coordsys_id INTEGER, definition TEXT);
    INSERT INTO gpkg_spatial_ref_sys VALUES ('KY', 3547, 'EPSG', 3547, 'undefined');
    CREATE TABLE gpkg_contents (table_name TEXT PRIMARY KEY, data_type TEXT, srs_id INTEGER);
    INSERT INTO gpkg_contents VALUES ('mains', 'features', 3547);
    CREATE TABLE gpkg_geometry_columns (table_name TEXT, column_name TEXT, geometry_type_name TEXT, srs_id INTEGER, z INTEGER, m INTEGER);
    INSERT INTO gpkg_geometry_columns VALUES ('mains', 'geom', 'LINESTRING', 3547, 0, 0);
    CREATE TABLE mains (fid INTEGER PRIMARY KEY, geom BLOB, PIPE_ID TEXT, DIAMETER REAL);`);
  const line = new wkx.LineString([new wkx.Point(4971350, 3905604), new wkx.Point(4972270.5, 3905035.02)]);
  db.run('INSERT INTO mains (geom, PIPE_ID, DIAMETER) VALUES (?, ?, ?)', [gpkgBlob(line, 3547), 'P-1', 150]);
  db.run('INSERT INTO mains (geom, PIPE_ID, DIAMETER) VALUES (?, ?, ?)', [
    new Uint8Array([1, 2, 3]),
    'P-2',
    200,
  ]);
  db.run('INSERT INTO mains (geom, PIPE_ID, DIAMETER) VALUES (NULL, ?, ?)', ['P-3', 100]);
  const bytes = db.export();
  db.close();
  return bytes;
}

describe('GeoPackage reader', () => {
  it('lists the feature table and reprojects its lines; a bad blob is a row problem, not a failure', async () => {
    const file = { name: 'network.gpkg', bytes: await buildGeoPackage() };
    expect(await listLayers(file)).toEqual([
      {
        name: 'mains',
        geometryType: 'LineString',
        featureCount: 3,
        columns: ['fid', 'PIPE_ID', 'DIAMETER'],
        crs: 'EPSG:3547',
      },
    ]);
    const [p1, p2, p3] = await collect(readFeatures(file));
    expect(p1!.properties).toEqual({ fid: 1, PIPE_ID: 'P-1', DIAMETER: 150 });
    const [lon, lat] = (p1!.geometry as { coordinates: number[][] }).coordinates[0]!;
    expect(lon).toBeCloseTo(-85.576, 3);
    expect(lat).toBeCloseTo(38.049, 3);
    expect(p2).toMatchObject({ row: 2, geometry: null, geometryError: expect.stringMatching(/GP magic/) });
    expect(p3).toMatchObject({ row: 3, geometry: null });
    expect(p3!.geometryError).toBeUndefined();
  });

  it('says a SQLite file without GeoPackage tables is not a GeoPackage', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    db.run('CREATE TABLE t (a INTEGER)');
    const file = { name: 'plain.sqlite', bytes: db.export() };
    await expect(listLayers(file)).rejects.toThrow(/plain\.sqlite: .*not a GeoPackage/);
  });
});
