// GeoPackage 1.3 writer on sql.js, the SQLite the imports already read GeoPackages with (no native module to
// build). One feature table in EPSG:4326 with its gpkg_* metadata (OGC 12-128r18 §1.1, §2.1), geometries as
// GeoPackageBinary (header with envelope, then little-endian WKB), so QGIS, ArcGIS and GDAL open it as it is.
// sql.js keeps the database in memory: the file's own size, the rows themselves are never held.
import initSqlJs, { type Database, type SqlJsStatic, type Statement } from 'sql.js';
import {
  boundsOf,
  mergeBounds,
  numberOf,
  type Bounds,
  type ExportBuilder,
  type ExportFeature,
  type ExportLayer,
  type FieldType,
  type Lines,
  positionOf,
} from './layer.ts';

let sql: Promise<SqlJsStatic> | null = null;

const WGS84_WKT =
  'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],' +
  'AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],' +
  'UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]';

const SQL_TYPE: Record<FieldType, string> = { integer: 'INTEGER', real: 'REAL', text: 'TEXT' };
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

// The mandatory tables and the three spatial reference systems every GeoPackage carries (§1.1.2.1.2).
const METADATA = `
  PRAGMA application_id = 1196444487; -- 'GPKG'
  PRAGMA user_version = 10300;
  CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
    organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
  INSERT INTO gpkg_spatial_ref_sys VALUES
    ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'),
    ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system'),
    ('WGS 84 geodetic', 4326, 'EPSG', 4326, '${WGS84_WKT}', 'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid');
  CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
    description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
    min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
    CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
  CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
    geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
    CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
    CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
    CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));`;

/** GeoPackageBinary of a MultiLineString: 'GP', version 0, flags (LE, XY envelope), srs_id, envelope, WKB. */
export function gpkgMultiLine(lines: Lines, srsId = 4326): Uint8Array {
  const bounds = boundsOf(lines);
  const points = lines.reduce((n, l) => n + l.length, 0);
  const wkbBytes = 9 + lines.length * 9 + points * 16;
  const envelope = bounds ? 32 : 0;
  const out = Buffer.alloc(8 + envelope + wkbBytes);
  out.write('GP', 0, 'latin1');
  out[2] = 0;
  // bit 0: little-endian header; bits 1-3: envelope [minx, maxx, miny, maxy]; bit 4: empty geometry.
  out[3] = bounds ? 0b0000_0011 : 0b0001_0001;
  out.writeInt32LE(srsId, 4);
  let at = 8;
  if (bounds) {
    for (const v of [bounds[0], bounds[2], bounds[1], bounds[3]]) at = out.writeDoubleLE(v, at);
  }
  out[at++] = 1; // WKB little-endian
  at = out.writeUInt32LE(5, at); // MultiLineString
  at = out.writeUInt32LE(lines.length, at);
  for (const line of lines) {
    out[at++] = 1;
    at = out.writeUInt32LE(2, at); // LineString
    at = out.writeUInt32LE(line.length, at);
    for (const [x, y] of line) {
      at = out.writeDoubleLE(x!, at);
      at = out.writeDoubleLE(y!, at);
    }
  }
  return out;
}

/** GeoPackageBinary of a Point: no envelope (a point is its own), then WKB Point. */
export function gpkgPoint([x, y]: readonly number[], srsId = 4326): Uint8Array {
  const out = Buffer.alloc(8 + 21);
  out.write('GP', 0, 'latin1');
  out[2] = 0;
  out[3] = 0b0000_0001; // little-endian header, no envelope
  out.writeInt32LE(srsId, 4);
  out[8] = 1; // WKB little-endian
  out.writeUInt32LE(1, 9); // Point
  out.writeDoubleLE(x!, 13);
  out.writeDoubleLE(y!, 21);
  return out;
}

export class GeoPackageBuilder<R> implements ExportBuilder<R> {
  private db: Database | null = null;
  private insert: Statement | null = null;
  private bounds: Bounds | null = null;
  private pending: ExportFeature<R>[] = [];

  constructor(private readonly layer: ExportLayer<R>) {}

  private async open(): Promise<{ db: Database; insert: Statement }> {
    if (this.db && this.insert) return { db: this.db, insert: this.insert };
    sql ??= initSqlJs();
    const db = new (await sql).Database();
    const { name, fields } = this.layer;
    const type = this.layer.geometry === 'point' ? 'POINT' : 'MULTILINESTRING';
    db.exec(METADATA);
    db.exec(
      `CREATE TABLE ${quote(name)} (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom ${type}` +
        fields.map((f) => `, ${quote(f.name)} ${SQL_TYPE[f.type]}`).join('') +
        ')',
    );
    db.run(
      `INSERT INTO gpkg_contents (table_name, data_type, identifier, srs_id) VALUES (?, 'features', ?, 4326)`,
      [name, name],
    );
    db.run(`INSERT INTO gpkg_geometry_columns VALUES (?, 'geom', ?, 4326, 0, 0)`, [name, type]);
    db.exec('BEGIN');
    const insert = db.prepare(
      `INSERT INTO ${quote(name)} (geom${fields.map((f) => `, ${quote(f.name)}`).join('')}) VALUES (?${', ?'.repeat(fields.length)})`,
    );
    this.db = db;
    this.insert = insert;
    return { db, insert };
  }

  /** sql.js opens asynchronously (WASM): pages are kept until finish() has the database, then written. */
  add(features: readonly ExportFeature<R>[]): void {
    if (this.insert) this.write(this.insert, features);
    else this.pending.push(...features);
  }

  private write(insert: Statement, features: readonly ExportFeature<R>[]): void {
    for (const { row, lines } of features) {
      const b = lines && boundsOf(lines);
      if (b) this.bounds = mergeBounds(this.bounds, b);
      insert.run([
        lines
          ? this.layer.geometry === 'point'
            ? gpkgPoint(positionOf(lines))
            : gpkgMultiLine(lines)
          : null,
        ...this.layer.fields.map((f) => cellOf(f.type, f.value(row))),
      ]);
    }
  }

  /** Opens the database before the first page, so later pages go straight to SQLite. */
  async ready(): Promise<this> {
    const { insert } = await this.open();
    this.write(insert, this.pending);
    this.pending = [];
    return this;
  }

  async finish(): Promise<Uint8Array> {
    const { db, insert } = await this.open();
    this.write(insert, this.pending);
    this.pending = [];
    insert.free();
    const [minX, minY, maxX, maxY] = this.bounds ?? [null, null, null, null];
    db.run('UPDATE gpkg_contents SET min_x = ?, min_y = ?, max_x = ?, max_y = ? WHERE table_name = ?', [
      minX,
      minY,
      maxX,
      maxY,
      this.layer.name,
    ]);
    db.exec('COMMIT');
    const bytes = db.export();
    db.close();
    this.db = null;
    this.insert = null;
    return bytes;
  }
}

function cellOf(type: FieldType, v: unknown): string | number | null {
  if (type === 'text') return v === null || v === undefined ? null : String(v);
  const n = numberOf(v as string | number | null);
  return n === null ? null : type === 'integer' ? Math.round(n) : n;
}
