// Tile rows → a Mapbox Vector Tile. vt-pbf writes the protobuf (no hand-written encoder); this only reshapes
// GeoJSON in tile coordinates into the geojson-vt feature form it takes.
import vtpbf from 'vt-pbf';
import type { Geometry, Position } from 'geojson';
import { EXTENT, type TileRow } from './tiles.repository.ts';

type Pair = [number, number];
interface VtFeature {
  id: number;
  type: 1 | 2 | 3;
  geometry: Pair[] | Pair[][];
  tags: Record<string, string | number | boolean>;
}

const pair = (p: Position): Pair => [Math.round(p[0]!), Math.round(p[1]!)];

function shape(g: Geometry): Pick<VtFeature, 'type' | 'geometry'> | null {
  switch (g.type) {
    case 'Point':
      return { type: 1, geometry: [pair(g.coordinates)] };
    case 'MultiPoint':
      return { type: 1, geometry: g.coordinates.map(pair) };
    case 'LineString':
      return g.coordinates.length > 1 ? { type: 2, geometry: [g.coordinates.map(pair)] } : null;
    case 'MultiLineString': {
      const lines = g.coordinates.filter((l) => l.length > 1).map((l) => l.map(pair));
      return lines.length ? { type: 2, geometry: lines } : null;
    }
    case 'Polygon':
      return { type: 3, geometry: g.coordinates.map((r) => r.map(pair)) };
    case 'MultiPolygon':
      return { type: 3, geometry: g.coordinates.flatMap((poly) => poly.map((r) => r.map(pair))) };
    case 'GeometryCollection': {
      // Clipping can return mixed pieces (a line touching the buffer edge in a point): keep the main kind.
      const parts = g.geometries.map(shape).filter((s): s is NonNullable<typeof s> => s !== null);
      const type = Math.max(0, ...parts.map((p) => p.type)) as 0 | 1 | 2 | 3;
      if (type === 0) return null;
      const same = parts.filter((p) => p.type === type);
      return { type, geometry: same.flatMap((p) => p.geometry as Pair[][]) };
    }
  }
}

/** MVT tags are scalars: the layers expand maps (population by year) in SQL; anything nested would go as JSON text. */
function tagsOf(properties: Record<string, unknown>): VtFeature['tags'] {
  const tags: VtFeature['tags'] = {};
  for (const [k, v] of Object.entries(properties)) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') tags[k] = v;
    else tags[k] = JSON.stringify(v);
  }
  return tags;
}

export function encodeTile(layerName: string, rows: readonly TileRow[]): Uint8Array {
  const features: VtFeature[] = [];
  for (const row of rows) {
    const s = shape(JSON.parse(row.geometry) as Geometry);
    if (s) features.push({ id: row.id, ...s, tags: tagsOf(row.properties) });
  }
  return vtpbf.fromGeojsonVt({ [layerName]: { features } }, { version: 2, extent: EXTENT });
}
