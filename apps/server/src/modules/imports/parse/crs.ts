// Reprojection to EPSG:4326 with proj4; EPSG codes resolved from epsg-index (one small JSON per code, read on demand,
// so the 8,000-code catalogue is never loaded whole).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Geometry, Position } from 'geojson';
import proj4 from 'proj4';

const require = createRequire(import.meta.url);

export type PointTransform = (x: number, y: number) => [number, number];

const IDENTITY: PointTransform = (x, y) => [x, y];
const cache = new Map<string, PointTransform>();

/** EPSG code from 'EPSG:3547', 'urn:ogc:def:crs:EPSG::3547', '3547', or null when the text is not a code. */
export function epsgCode(crs: string): number | null {
  const match = /^(?:urn:ogc:def:crs:)?(?:EPSG:{1,2}(?:[\d.]*:)?)?(\d{4,6})$/i.exec(crs.trim());
  if (match) return Number(match[1]);
  if (/^urn:ogc:def:crs:OGC:(?:1\.3)?:CRS84$/i.test(crs.trim())) return 4326;
  return null;
}

/** proj4 definition (proj string or WKT) for a CRS given as EPSG code or WKT; throws with a readable reason. */
export function crsDefinition(crs: string): string {
  const code = epsgCode(crs);
  if (code === null) return crs;
  let path: string;
  try {
    path = require.resolve(`epsg-index/s/${code}.json`);
  } catch {
    throw new Error(`unknown CRS EPSG:${code}`);
  }
  const entry = JSON.parse(readFileSync(path, 'utf8')) as { proj4?: string; wkt?: string };
  const def = entry.proj4 ?? entry.wkt;
  if (!def) throw new Error(`EPSG:${code} has no usable definition`);
  return def;
}

/** Point transform from `crs` (EPSG code or WKT, null = already lon/lat) to EPSG:4326. */
export function toWgs84(crs: string | null): PointTransform {
  if (crs === null || epsgCode(crs) === 4326) return IDENTITY;
  const cached = cache.get(crs);
  if (cached) return cached;
  const converter = proj4(crsDefinition(crs), 'EPSG:4326');
  const transform: PointTransform = (x, y) => {
    const [lon, lat] = converter.forward([x, y]);
    return [lon!, lat!];
  };
  cache.set(crs, transform);
  return transform;
}

/** A copy of `geometry` with every position transformed; throws on non-finite results. */
export function reproject(geometry: Geometry, transform: PointTransform): Geometry {
  if (transform === IDENTITY) return geometry;
  const p = (pos: Position): Position => {
    const [x, y] = transform(pos[0]!, pos[1]!);
    if (!Number.isFinite(x) || !Number.isFinite(y))
      throw new Error(`coordinate ${pos.join(' ')} cannot be reprojected`);
    return [x, y];
  };
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: p(geometry.coordinates) };
    case 'MultiPoint':
      return { type: 'MultiPoint', coordinates: geometry.coordinates.map(p) };
    case 'LineString':
      return { type: 'LineString', coordinates: geometry.coordinates.map(p) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: geometry.coordinates.map((l) => l.map(p)) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: geometry.coordinates.map((r) => r.map(p)) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: geometry.coordinates.map((s) => s.map((r) => r.map(p))) };
    case 'GeometryCollection':
      return {
        type: 'GeometryCollection',
        geometries: geometry.geometries.map((g) => reproject(g, transform)),
      };
  }
}
