// Structural check of GeoJSON geometry read from untrusted files: finite numbers, enough positions per part.
import type { Geometry, Position } from 'geojson';

/** Null when `value` is a valid GeoJSON geometry, else the reason. */
export function geometryProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'geometry is not an object';
  const g = value as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  const c = g.coordinates;
  switch (g.type) {
    case 'Point':
      return position(c) ? null : 'Point without a valid [x, y]';
    case 'MultiPoint':
      return list(c, position, 1) ? null : 'MultiPoint with an invalid position';
    case 'LineString':
      return line(c) ? null : 'LineString needs at least 2 valid positions';
    case 'MultiLineString':
      return list(c, line, 1) ? null : 'MultiLineString with an invalid line';
    case 'Polygon':
      return list(c, ring, 1) ? null : 'Polygon with an invalid ring';
    case 'MultiPolygon':
      return list(c, (p) => list(p, ring, 1), 1) ? null : 'MultiPolygon with an invalid polygon';
    case 'GeometryCollection':
      return Array.isArray(g.geometries) && g.geometries.every((x) => geometryProblem(x) === null)
        ? null
        : 'GeometryCollection with an invalid member';
    default:
      return `unknown geometry type ${JSON.stringify(g.type)}`;
  }
}

export function isGeometry(value: unknown): value is Geometry {
  return geometryProblem(value) === null;
}

/** Asked of every vertex read: a loop, not `every` with a closure made per call. */
function position(v: unknown): v is Position {
  if (!Array.isArray(v) || v.length < 2) return false;
  for (const n of v) if (typeof n !== 'number' || !Number.isFinite(n)) return false;
  return true;
}
function list(v: unknown, item: (x: unknown) => boolean, min: number): boolean {
  return Array.isArray(v) && v.length >= min && v.every(item);
}
function line(v: unknown): boolean {
  return list(v, position, 2);
}
function ring(v: unknown): boolean {
  return list(v, position, 4);
}
