// Fly-to zoom of spec 000 §9: by the located asset's length in the user's length unit.

/** Mesh, district and custom zone. */
export const ZONE_FLY_TO_ZOOM = 14;

/**
 * SRCH-10 (ambiguous edges) — our reading: each band includes its lower edge, so 1 → 18, 2 → 17, 10 → 16 and
 * 90 → 15 ("1-2" read as 1 ≤ length < 2). A missing or non-finite length zooms out the most (15).
 */
export function flyToZoom(lengthInUnits: number): number {
  if (!Number.isFinite(lengthInUnits)) return 15;
  if (lengthInUnits < 1) return 20;
  if (lengthInUnits < 2) return 18;
  if (lengthInUnits < 10) return 17;
  if (lengthInUnits < 90) return 16;
  return 15;
}
