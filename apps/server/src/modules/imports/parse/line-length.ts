// Geodesic length of lon/lat lines (haversine on the WGS84 mean radius: < 0.5 % error, ample for import checks).
import type { Geometry, Position } from 'geojson';

const R = 6371008.8;
const rad = (d: number) => (d * Math.PI) / 180;

function segment(a: Position, b: Position): number {
  const dLat = rad(b[1]! - a[1]!);
  const dLon = rad(b[0]! - a[0]!);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1]!)) * Math.cos(rad(b[1]!)) * Math.sin(dLon / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

const path = (line: readonly Position[]) =>
  line.reduce((sum, p, i) => (i === 0 ? 0 : sum + segment(line[i - 1]!, p)), 0);

/** Metres along a (Multi)LineString; null for other geometry types. */
export function lineLengthM(geometry: Geometry): number | null {
  if (geometry.type === 'LineString') return path(geometry.coordinates);
  if (geometry.type === 'MultiLineString') return geometry.coordinates.reduce((s, l) => s + path(l), 0);
  return null;
}
