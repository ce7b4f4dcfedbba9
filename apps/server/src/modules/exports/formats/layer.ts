// What every export file builder is given: a layer's typed fields and features with WGS84 line geometry. The
// builders (GeoPackage, zipped Shapefile, GeoJSON, CSV) differ only in encoding, so a kind (lof, vis…) is written
// once as an ExportLayer and comes out in every format with the same fields and types.
import type { ExportFormat } from '@pipewise/domain';
import type { Cell } from '../export-csv.ts';

/** Field types a GIS reads without guessing: GeoPackage INTEGER/REAL/TEXT, dBASE N(…,0)/N(…,6)/C. */
export type FieldType = 'integer' | 'real' | 'text';

export interface ExportField<R> {
  /** The full name (GeoPackage, GeoJSON, CSV): the same as the e-mail CSV's header. */
  readonly name: string;
  /** The Shapefile (dBASE) name, ≤ 10 characters: its documented mapping from `name`. */
  readonly short: string;
  readonly type: FieldType;
  readonly value: (row: R) => Cell;
}

/** Lines in EPSG:4326 as GeoJSON MultiLineString coordinates ([lon, lat] positions); null: no geometry. */
export type Lines = readonly (readonly (readonly number[])[])[];

export interface ExportFeature<R> {
  readonly row: R;
  /** A point layer's feature holds one line of one position (pointOf): one geometry shape for every builder. */
  readonly lines: Lines | null;
}

/** Pipes and segments are lines; breaks are points (written as POINT, Shapefile Point, GeoJSON Point). */
export type GeometryKind = 'lines' | 'point';

export interface ExportLayer<R> {
  /** Table / file base name: letters, digits and '_' (a GeoPackage table, a .shp base name). */
  readonly name: string;
  readonly fields: readonly ExportField<R>[];
  /** 'lines' when absent. */
  readonly geometry?: GeometryKind;
}

/** A point as a point layer's feature carries it. */
export const pointOf = (x: number, y: number): Lines => [[[x, y]]];

/** The [x, y] of a point layer's feature. */
export const positionOf = (lines: Lines): readonly number[] => lines[0]![0]!;

/** A file builder: features are added page by page, the bytes come out once at the end. */
export interface ExportBuilder<R> {
  add(features: readonly ExportFeature<R>[]): void;
  finish(): Promise<Uint8Array> | Uint8Array;
}

export type { ExportFormat };

export const FILE_OF: Record<ExportFormat, { extension: string; contentType: string }> = {
  csv: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  geojson: { extension: 'geojson', contentType: 'application/geo+json' },
  gpkg: { extension: 'gpkg', contentType: 'application/geopackage+sqlite3' },
  shp: { extension: 'zip', contentType: 'application/zip' },
};

/** A number a file can hold: finite, else nothing (NaN/Infinity are no value to a GIS). */
export function numberOf(v: Cell): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** [minX, minY, maxX, maxY] of the lines, null when they hold no position. */
export function boundsOf(lines: Lines): Bounds | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const line of lines)
    for (const [x, y] of line) {
      if (x! < minX) minX = x!;
      if (x! > maxX) maxX = x!;
      if (y! < minY) minY = y!;
      if (y! > maxY) maxY = y!;
    }
  return minX <= maxX ? [minX, minY, maxX, maxY] : null;
}

export type Bounds = [number, number, number, number];

export const mergeBounds = (a: Bounds | null, b: Bounds): Bounds =>
  a ? [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])] : b;
