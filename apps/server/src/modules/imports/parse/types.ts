// Shared shapes of the import parsers: every reader yields these, whatever the file format.
import type { Geometry } from 'geojson';
import type { ColumnValueCounts } from './column-values.ts';

export type ImportFormat = 'geojson' | 'shapefile-zip' | 'geopackage' | 'csv' | 'inp';

export type GeometryKind =
  'Point' | 'LineString' | 'Polygon' | 'MultiPoint' | 'MultiLineString' | 'MultiPolygon' | 'None';

/** One feature as read: geometry already in EPSG:4326 (null when the row has none or it could not be read). */
export interface ImportFeature {
  /** 1-based row (feature) number within its layer, as a user would count it. */
  readonly row: number;
  readonly geometry: Geometry | null;
  readonly properties: Readonly<Record<string, unknown>>;
  /** Why the geometry is null although the row had one (unparseable WKT, bad coordinates…). */
  readonly geometryError?: string;
}

export interface LayerInfo {
  readonly name: string;
  readonly geometryType: GeometryKind;
  readonly featureCount: number;
  readonly columns: readonly string[];
  /** CRS as found in the file (EPSG code like 'EPSG:3547', or a WKT string), null when the file has none. */
  readonly crs: string | null;
  /** Distinct values by column, where the listing read every row (parse/column-values.ts). */
  readonly values?: ColumnValueCounts;
}

/** The bytes of one uploaded file. */
export interface ImportFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export interface ReadOptions {
  /** CRS given by the user (EPSG code or WKT); used when the file has none, or to override it. */
  readonly crs?: string;
  /** Text encoding for DBF/CSV when the file does not say (e.g. 'windows-1252', 'shift_jis'). */
  readonly encoding?: string;
  /** Layer to read (GeoPackage table, shapefile base name, INP section kind). */
  readonly layer?: string;
}
