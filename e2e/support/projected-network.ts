// A pipe layer the repository owns, for stories that import a real-looking GIS file: the project's own synthetic
// town (packages/engine synth, no utility's data), written as a GeoJSON in a projected CRS with metre lengths and
// diameters in metres, so the wizard's CRS and unit questions are exercised as with a utility's export.
// Generated at test time (a few ms), so no data file is committed and the fixture cannot drift from the generator.
import { writeFileSync } from 'node:fs';
import proj4 from 'proj4';
import { generateCity } from '@pipewise/engine';

/** Kentucky, ~2,000 km east of the demo town: a map centred on it is plainly not the demo town. */
export const PROJECTED_NETWORK_CENTER: [number, number] = [-84.5, 37.5];
/** WGS 84 / UTM zone 16N, metres; proj4 knows it without a lookup. */
export const PROJECTED_NETWORK_EPSG = 'EPSG:32616';
const UTM16N = '+proj=utm +zone=16 +datum=WGS84 +units=m +no_defs';

export interface ProjectedNetworkFile {
  path: string;
  /** The layer name the wizard lists (the file name without extension). */
  layer: string;
  pipeCount: number;
}

/** Writes `<dir>/<layer>.geojson` as ogr2ogr would: a named CRS member; columns name, diameter (m), length (m), install_year. */
export function writeProjectedNetwork(dir: string, layer = 'town_pipes', pipes = 150): ProjectedNetworkFile {
  const city = generateCity({
    seed: 7,
    pipes,
    asOf: { year: 2026, month: 1 },
    center: PROJECTED_NETWORK_CENTER,
  });
  const toUtm = proj4('EPSG:4326', UTM16N);
  const features = city.pipes.map((pipe) => ({
    type: 'Feature',
    geometry: {
      type: 'LineString',
      coordinates: pipe.geometry.coordinates.map(([lon, lat]) => {
        const [x, y] = toUtm.forward([lon!, lat!]);
        return [Math.round(x! * 100) / 100, Math.round(y! * 100) / 100];
      }),
    },
    properties: {
      name: pipe.nativePipeId,
      diameter: pipe.diameterMm === null ? null : pipe.diameterMm / 1000,
      length: Math.round(pipe.lengthM * 100) / 100,
      install_year: pipe.installYear,
    },
  }));
  const path = `${dir}/${layer}.geojson`;
  const crs = { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::32616' } };
  writeFileSync(path, JSON.stringify({ type: 'FeatureCollection', name: layer, crs, features }));
  return { path, layer, pipeCount: features.length };
}
