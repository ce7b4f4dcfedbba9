// Which CSV columns carry the geometry: a WKT column, or an x/y (lon/lat, easting/northing) pair, found by name.
const WKT = ['wkt', 'geometry', 'geom', 'the_geom', 'shape', 'wkt_geom'];
const X = ['lon', 'long', 'lng', 'longitude', 'x', 'xcoord', 'x_coord', 'point_x', 'easting', '経度'];
const Y = ['lat', 'latitude', 'y', 'ycoord', 'y_coord', 'point_y', 'northing', '緯度'];

export interface CsvGeometryColumns {
  readonly wkt?: string;
  readonly x?: string;
  readonly y?: string;
}

const norm = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/^\uFEFF/, '');

export function findGeometryColumns(columns: readonly string[]): CsvGeometryColumns {
  const pick = (names: readonly string[]) => {
    for (const name of names) {
      const found = columns.find((c) => norm(c) === name);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const wkt = pick(WKT);
  if (wkt !== undefined) return { wkt };
  const x = pick(X);
  const y = pick(Y);
  return x !== undefined && y !== undefined ? { x, y } : {};
}
