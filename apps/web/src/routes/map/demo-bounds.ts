// CTRL-09 (reading): demo users see the map limited to a fixed box. The spec's box (139.92–139.95 E,
// 37.49–37.50 N) frames the original product's demo city; ours is wherever the demo dataset lies, so the box is
// the demo dataset's default view widened to a few screens around its centre — the same idea (a demo visitor
// cannot wander off the demo data) for any demo network.
import type { MapViewState } from '../../map/view.ts';

export type BBox = [number, number, number, number];

/** About four 512-px screens wide at the dataset's zoom, square in metres. */
export function demoBounds(view: MapViewState): BBox {
  const [lng, lat] = view.center;
  const halfLng = (360 / 2 ** view.zoom) * 4;
  const halfLat = halfLng * Math.cos((lat * Math.PI) / 180);
  return [lng - halfLng, Math.max(lat - halfLat, -85), lng + halfLng, Math.min(lat + halfLat, 85)];
}
