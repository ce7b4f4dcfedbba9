// Local metric projection for lon/lat input: an equirectangular projection about the data's mean latitude.
// Over a utility's extent (tens of km) its scale error is far below a snapping tolerance of a few metres
// (the east-west scale is exact at the reference latitude and off by ~Δφ·tan φ0 elsewhere), and it needs
// no projection library. Not for areas spanning hundreds of km.

/** WGS84 equatorial radius; the sphere is adequate at snapping scales. */
const EARTH_RADIUS_M = 6_378_137;
const DEG = Math.PI / 180;

export interface LocalProjection {
  readonly lon0: number;
  readonly lat0: number;
  /** [lon, lat] in degrees → [x, y] in metres east and north of (lon0, lat0). */
  readonly toMetres: (lon: number, lat: number) => [number, number];
}

export function localProjection(lon0: number, lat0: number): LocalProjection {
  const kx = EARTH_RADIUS_M * DEG * Math.cos(lat0 * DEG);
  const ky = EARTH_RADIUS_M * DEG;
  return { lon0, lat0, toMetres: (lon, lat) => [(lon - lon0) * kx, (lat - lat0) * ky] };
}

/** Projection centred on the mean of the given [lon, lat] points. */
export function projectionFor(points: Iterable<readonly [number, number]>): LocalProjection {
  let lon = 0;
  let lat = 0;
  let count = 0;
  for (const [x, y] of points) {
    lon += x;
    lat += y;
    count += 1;
  }
  return count === 0 ? localProjection(0, 0) : localProjection(lon / count, lat / count);
}
