// Which tile a user may read, and its bytes.
import { sql } from 'drizzle-orm';
import { withTenant } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { encodeTile } from './encode.ts';
import { TILE_LAYERS } from './tile-layers.ts';
import { tileFeatures } from './tiles.repository.ts';

/** Zoom range of the tiles (ARCHITECTURE.md); the map overzooms past the top. */
export const TILE_ZOOM = { min: 3, max: 16 } as const;

export interface TileRequest {
  dataset: number;
  revision: number;
  layer: string;
  z: number;
  x: number;
  y: number;
}

export async function readTile(
  deps: Deps,
  user: AuthUser,
  t: TileRequest,
): Promise<{ bytes: Uint8Array | null; current: boolean }> {
  const layer = Object.hasOwn(TILE_LAYERS, t.layer) ? TILE_LAYERS[t.layer] : undefined;
  const side = 2 ** t.z;
  if (!layer || t.z < TILE_ZOOM.min || t.z > TILE_ZOOM.max || t.x >= side || t.y >= side)
    throw notFound('No such tile.');
  return withTenant(deps.database.db, user.clientId, async (tx) => {
    const ds = await tx.execute(sql`SELECT tile_revision FROM datasets WHERE id = ${t.dataset}`);
    if (!ds.rows.length) throw notFound('Dataset not found.');
    const current = Number(ds.rows[0]!['tile_revision']) === t.revision;
    if (t.z < layer.minZoom) return { bytes: null, current };
    const rows = await tileFeatures(tx, t.dataset, layer, t.z, t.x, t.y);
    return { bytes: rows.length ? encodeTile(t.layer, rows) : null, current };
  });
}
