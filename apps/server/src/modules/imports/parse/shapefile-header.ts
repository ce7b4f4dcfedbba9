// Layer facts read from the .shp and .dbf headers alone (ESRI Shapefile Technical Description, 1998; dBASE III),
// so listing layers does not read any record.
import type { GeometryKind } from './types.ts';

const SHAPE_TYPES: Readonly<Record<number, GeometryKind>> = {
  0: 'None',
  1: 'Point',
  3: 'LineString',
  5: 'Polygon',
  8: 'MultiPoint',
  11: 'Point',
  13: 'LineString',
  15: 'Polygon',
  18: 'MultiPoint',
  21: 'Point',
  23: 'LineString',
  25: 'Polygon',
  28: 'MultiPoint',
};

/** Geometry kind of a .shp, or null when the bytes are not a shapefile (file code 9994 big-endian). */
export function shpGeometryKind(shp: Uint8Array): GeometryKind | null {
  if (shp.length < 100) return null;
  const view = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
  if (view.getInt32(0, false) !== 9994) return null;
  return SHAPE_TYPES[view.getInt32(32, true)] ?? null;
}

export interface DbfHeader {
  readonly recordCount: number;
  readonly columns: readonly string[];
}

export function dbfHeader(dbf: Uint8Array): DbfHeader | null {
  if (dbf.length < 32) return null;
  const view = new DataView(dbf.buffer, dbf.byteOffset, dbf.byteLength);
  const recordCount = view.getUint32(4, true);
  const headerLength = view.getUint16(8, true);
  const columns: string[] = [];
  for (let at = 32; at + 32 <= Math.min(headerLength, dbf.length) && dbf[at] !== 0x0d; at += 32) {
    const raw = dbf.subarray(at, at + 11);
    const end = raw.indexOf(0);
    columns.push(new TextDecoder('latin1').decode(end >= 0 ? raw.subarray(0, end) : raw));
  }
  return { recordCount, columns };
}
