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

/**
 * LAYER-21 (spec 000 §7: tiles come from three mirrors): one template per configured mirror, so MapLibre spreads
 * the requests over them (and over more browser connections); without mirrors, the page's own origin.
 */
export function tileUrlTemplates(
  pageOrigin: string,
  mirrors: readonly string[],
  dataset: { id: number; folder: string },
  layer: string,
): string[] | null {
  const origins = mirrors.length > 0 ? mirrors.map((m) => m.replace(/\/$/, '')) : [pageOrigin];
  const templates = origins.flatMap((origin) => tileUrlTemplate(origin, dataset, layer) ?? []);
  return templates.length > 0 ? templates : null;
}

/**
 * Tiles are tenant data: API requests carry the bearer token like every other call — to the page's origin and to
 * the tile mirrors (LAYER-21), which are the same API under other names; never to anyone else (the basemap).
 */
export function authorizeApiRequests(origins: string | readonly string[], getToken: () => string | null) {
  const prefixes = (typeof origins === 'string' ? [origins] : origins).map(
    (o) => `${o.replace(/\/$/, '')}/api/`,
  );
  return (url: string) => {
    const token = getToken();
    if (!token || !prefixes.some((prefix) => url.startsWith(prefix))) return { url };
    return { url, headers: { Authorization: `Bearer ${token}` } };
  };
}
