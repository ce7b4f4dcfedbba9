// GeoPackage reader on sql.js (SQLite in WASM, bundled: nothing downloaded at run time). sql.js holds the whole
// database in memory (its size, not more); rows are then stepped one at a time.
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import { reproject, toWgs84 } from './crs.ts';
import { decodeGpkgGeometry } from './gpkg-geometry.ts';
import { ImportFileError } from './import-file-error.ts';
import type { GeometryKind, ImportFeature, ImportFile, LayerInfo, ReadOptions } from './types.ts';

let sql: Promise<SqlJsStatic> | null = null;

interface GpkgLayer {
  readonly table: string;
  readonly geometryColumn: string;
  readonly geometryType: string;
  readonly crs: string | null;
}

async function openDb(file: ImportFile): Promise<Database> {
  sql ??= initSqlJs();
  try {
    const db = new (await sql).Database(file.bytes);
    db.exec('SELECT 1 FROM gpkg_contents LIMIT 1');
    return db;
  } catch (error) {
    throw new ImportFileError({
      file: file.name,
      message: `is not a GeoPackage: ${(error as Error).message}`,
    });
  }
}

function layersOf(db: Database): GpkgLayer[] {
  const result = db.exec(
    `SELECT g.table_name, g.column_name, g.geometry_type_name, s.organization, s.organization_coordsys_id, s.definition
       FROM gpkg_geometry_columns g LEFT JOIN gpkg_spatial_ref_sys s ON s.srs_id = g.srs_id`,
  );
  return (result[0]?.values ?? []).map(([table, column, type, org, orgId, definition]) => ({
    table: String(table),
    geometryColumn: String(column),
    geometryType: String(type),
    crs: crsOf(org, orgId, definition),
  }));
}

function crsOf(org: unknown, orgId: unknown, definition: unknown): string | null {
  if (typeof org === 'string' && org.toUpperCase() === 'EPSG' && Number(orgId) > 0)
    return `EPSG:${Number(orgId)}`;
  if (typeof definition === 'string' && definition !== 'undefined' && definition.length > 0)
    return definition;
  return null; // srs_id 0/-1: "undefined" geographic/cartesian per the spec
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A layer may be a view, whose rows are computed: a recursive one never ends (issue 18: its count(*) held the API
 * 26 s). A view is read up to this many rows, and one with more is refused as a layer; a view slow per row is
 * stopped by the parse thread's time budget (imports/parse-thread.ts).
 */
const VIEW_ROWS = 1_000_000;

const isView = (db: Database, table: string) =>
  db.exec(`SELECT 1 FROM sqlite_master WHERE type = 'view' AND name = ?`, [table]).length > 0;

function rowCount(db: Database, file: string, table: string): number {
  const from = isView(db, table) ? `(SELECT 1 FROM ${quote(table)} LIMIT ${VIEW_ROWS + 1})` : quote(table);
  const count = Number(db.exec(`SELECT count(*) FROM ${from}`)[0]?.values[0]?.[0] ?? 0);
  if (count > VIEW_ROWS)
    throw new ImportFileError({
      file,
      message: `layer '${table}' is a view of more than ${VIEW_ROWS.toLocaleString('en')} rows (a recursive view without end?); save it as a table to import it`,
    });
  return count;
}

export async function geopackageLayers(file: ImportFile): Promise<LayerInfo[]> {
  const db = await openDb(file);
  try {
    return layersOf(db).map((layer) => {
      const count = rowCount(db, file.name, layer.table);
      const columns = (db.exec(`PRAGMA table_info(${quote(layer.table)})`)[0]?.values ?? [])
        .map((c) => String(c[1]))
        .filter((c) => c !== layer.geometryColumn);
      return {
        name: layer.table,
        geometryType: kindOf(layer.geometryType),
        featureCount: count,
        columns,
        crs: layer.crs,
      };
    });
  } finally {
    db.close();
  }
}

function kindOf(type: string): GeometryKind {
  const map: Record<string, GeometryKind> = {
    POINT: 'Point',
    LINESTRING: 'LineString',
    POLYGON: 'Polygon',
    MULTIPOINT: 'MultiPoint',
    MULTILINESTRING: 'MultiLineString',
    MULTIPOLYGON: 'MultiPolygon',
  };
  return map[type.toUpperCase()] ?? 'None';
}

export async function* readGeoPackage(
  file: ImportFile,
  options: ReadOptions = {},
): AsyncGenerator<ImportFeature> {
  const db = await openDb(file);
  try {
    const layers = layersOf(db);
    const layer = options.layer === undefined ? layers[0] : layers.find((l) => l.table === options.layer);
    if (!layer)
      throw new ImportFileError({
        file: file.name,
        message: options.layer ? `has no layer '${options.layer}'` : 'has no feature table',
      });
    let transform: ReturnType<typeof toWgs84>;
    try {
      transform = toWgs84(options.crs ?? layer.crs);
    } catch (error) {
      throw new ImportFileError({
        file: file.name,
        message: `unsupported CRS ${layer.crs}: ${(error as Error).message}`,
      });
    }
    const limit = isView(db, layer.table) ? ` LIMIT ${VIEW_ROWS}` : '';
    const statement = db.prepare(`SELECT * FROM ${quote(layer.table)}${limit}`);
    try {
      for (let row = 1; statement.step(); row++) {
        const record = statement.getAsObject();
        const blob = record[layer.geometryColumn];
        const { [layer.geometryColumn]: _geometry, ...properties } = record;
        if (!(blob instanceof Uint8Array)) {
          yield { row, geometry: null, properties };
          continue;
        }
        try {
          const geometry = decodeGpkgGeometry(blob);
          yield { row, geometry: geometry && reproject(geometry, transform), properties };
        } catch (error) {
          yield { row, geometry: null, properties, geometryError: (error as Error).message };
        }
      }
    } finally {
      statement.free();
    }
  } finally {
    db.close();
  }
}
