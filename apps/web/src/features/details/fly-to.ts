// Where the map flies for a selected asset (spec 000 §9): a pipe or segment by its length in the user's segment
// unit (flyToZoom, SRCH-10), a mesh, district or custom zone at ZONE_FLY_TO_ZOOM (SRCH-11); the centre is the
// middle of the geometry's bounding box.
import { convertLength, flyToZoom, ZONE_FLY_TO_ZOOM, type SegmentUnit } from '@pipewise/domain';

export interface FlyTarget {
  center: [number, number];
  zoom: number;
}

type Coordinates = number | Coordinates[];

/** The middle of the bounding box of any GeoJSON coordinate nesting; null when there is no position. */
export function geometryCenter(coordinates: Coordinates[]): [number, number] | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const visit = (node: Coordinates[]) => {
    if (typeof node[0] === 'number' && typeof node[1] === 'number') {
      minX = Math.min(minX, node[0]);
      maxX = Math.max(maxX, node[0]);
      minY = Math.min(minY, node[1]);
      maxY = Math.max(maxY, node[1]);
      return;
    }
    for (const child of node) if (Array.isArray(child)) visit(child);
  };
  visit(coordinates);
  if (!Number.isFinite(minX) || !Number.isFinite(minY)) return null;
  return [(minX + maxX) / 2, (minY + maxY) / 2];
}

/** Zoom for a pipe or segment of `lengthM` metres, banded in the user's segment unit (m or ft). */
export function assetFlyToZoom(lengthM: number | null | undefined, segmentUnit: SegmentUnit): number {
  return flyToZoom(convertLength(lengthM, segmentUnit));
}

/** Fly target of a pipe or VIS segment (its geometry and length). */
export function lineFlyTarget(
  geometry: { coordinates: Coordinates[] },
  lengthM: number | null | undefined,
  segmentUnit: SegmentUnit,
): FlyTarget | null {
  const center = geometryCenter(geometry.coordinates);
  return center && { center, zoom: assetFlyToZoom(lengthM, segmentUnit) };
}

/** Fly target of a mesh, district or custom zone. */
export function zoneFlyTarget(geometry: { coordinates: Coordinates[] }): FlyTarget | null {
  const center = geometryCenter(geometry.coordinates);
  return center && { center, zoom: ZONE_FLY_TO_ZOOM };
}
