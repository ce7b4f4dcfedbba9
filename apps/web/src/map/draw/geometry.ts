// Boundaries cross the component boundary as plain rings: polygons[i] is the closed outer ring of boundary i,
// as [lng, lat] positions. terra-draw keeps them as GeoJSON features with a `mode` property.
import type { Polygons } from '@pipewise/domain';
import type { GeoJSONStoreFeatures } from 'terra-draw';

/** The domain's boundary polygons (saved filters keep them per layer group). */
export type BoundaryPolygons = Polygons;

/** terra-draw features (of the rectangle mode) → rings. */
export function toPolygons(features: readonly GeoJSONStoreFeatures[]): BoundaryPolygons {
  const rings: BoundaryPolygons = [];
  for (const f of features) {
    if (f.geometry.type !== 'Polygon' || f.properties.mode !== 'rectangle') continue;
    const ring = f.geometry.coordinates[0];
    if (ring) rings.push(ring.map((p) => [p[0] ?? 0, p[1] ?? 0]));
  }
  return rings;
}

/** Rings → features terra-draw accepts back (restoring saved boundaries). */
export function toFeatures(polygons: BoundaryPolygons): GeoJSONStoreFeatures[] {
  return polygons
    .filter((ring) => ring.length >= 4)
    .map((ring) => ({
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [close(ring.map(round))] },
      properties: { mode: 'rectangle' },
    }));
}

/** terra-draw's MapLibre adapter rejects coordinates finer than its precision (9 decimals). */
const round = (p: number[]) => p.map((v) => Math.round(v * 1e9) / 1e9);

function close(ring: number[][]): number[][] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) return [...ring, first];
  return ring;
}

export function samePolygons(a: BoundaryPolygons, b: BoundaryPolygons): boolean {
  return (
    a.length === b.length &&
    a.every(
      (ring, i) =>
        ring.length === b[i]?.length &&
        ring.every((p, j) => p[0] === b[i]?.[j]?.[0] && p[1] === b[i]?.[j]?.[1]),
    )
  );
}

/** Where the popup sits: the top centre of the ring's bounding box. */
export function popupAnchor(ring: number[][]): [number, number] {
  const lngs = ring.map((p) => p[0] ?? 0);
  const lats = ring.map((p) => p[1] ?? 0);
  return [(Math.min(...lngs) + Math.max(...lngs)) / 2, Math.max(...lats)];
}
