// Tile addresses (ARCHITECTURE.md "Tiles and the map"): /api/tiles/{dataset}/{revision}/{layer}/{z}/{x}/{y}.mvt.
// The dataset's `folder` is `${id}-r${revision}`, so a new revision is a new URL and tiles cache immutably.

/** Spec 000 §9: tiles cover zoom 3 to 16. */
export const TILE_MIN_ZOOM = 3;
export const TILE_MAX_ZOOM = 16;

export function tileRevision(folder: string): number | null {
  const match = /-r(\d+)$/.exec(folder);
  return match ? Number(match[1]) : null;
}

/**
 * MapLibre requests tiles from its worker, where a relative URL has no page to resolve against: the template is
 * absolute. `{z}/{x}/{y}` stay literal for MapLibre to fill in.
 */
export function tileUrlTemplate(
  origin: string,
  dataset: { id: number; folder: string },
  layer: string,
): string | null {
  const revision = tileRevision(dataset.folder);
  if (revision === null) return null;
  return `${origin}/api/tiles/${dataset.id}/${revision}/${layer}/{z}/{x}/{y}.mvt`;
}

/** Tiles are tenant data: same-origin API requests carry the bearer token like every other call. */
export function authorizeApiRequests(origin: string, getToken: () => string | null) {
  return (url: string) => {
    const token = getToken();
    if (!token || !url.startsWith(`${origin}/api/`)) return { url };
    return { url, headers: { Authorization: `Bearer ${token}` } };
  };
}
