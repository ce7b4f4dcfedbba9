// The demo town's basemap (issue 15 "draw the demo town's own generated streets and blocks"): its streets, which the
// generator lays every pipe along, and its blocks, the faces between them. Derived from the town's seed and size
// alone, so nothing is stored in the database: the same parameters give the same streets as the seeded network's.
import { polygonize } from '@turf/polygonize';
import type { Feature, FeatureCollection, LineString, Polygon, Position } from 'geojson';
import { generateStreets } from '@pipewise/engine';
import type { DemoBasemapProperties } from '@pipewise/domain';

/** What the generator needs to lay the town's streets again (datasets.metadata of the seeded dataset). */
export interface TownParams {
  seed: number;
  pipes: number;
  center: [number, number];
}

export type TownBasemap = FeatureCollection<LineString | Polygon, DemoBasemapProperties>;

/** 6 decimals ≈ 0.1 m: ample for a basemap, and a sixth less to send than the generator's 7. */
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

function roundLine(coordinates: readonly Position[]): Position[] {
  const out: Position[] = [];
  for (const [lng, lat] of coordinates) {
    const p = [round6(lng!), round6(lat!)];
    const last = out.at(-1);
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

export function townBasemap(town: TownParams): TownBasemap {
  const streets: Feature<LineString, DemoBasemapProperties>[] = generateStreets(town).map((street) => ({
    type: 'Feature',
    properties: { kind: 'street', road: street.roadType },
    geometry: { type: 'LineString', coordinates: roundLine(street.geometry.coordinates) },
  }));
  // The street graph is noded (streets meet at shared intersection points, equal after the same rounding), so its
  // faces are the blocks; turf's polygonize (GEOS's algorithm) drops the dangles, the cul-de-sacs, by itself.
  const faces = polygonize({ type: 'FeatureCollection', features: streets });
  const blocks: Feature<Polygon, DemoBasemapProperties>[] = faces.features.map((face) => ({
    type: 'Feature',
    properties: { kind: 'block' },
    geometry: face.geometry,
  }));
  // Blocks first: a GeoJSON source keeps the order, and the streets are drawn over them anyway.
  return { type: 'FeatureCollection', features: [...blocks, ...streets] };
}
