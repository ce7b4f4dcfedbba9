// Which tile a user may read, and its bytes; which properties the pipes tiles of a dataset carry.
import { gzipSync } from 'node:zlib';
import { withTenant, type Database, type Db } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { encodeTile } from './encode.ts';
import { tileCacheOf } from './tile-cache.ts';
import { readDiskTile } from './tile-disk.ts';
import { tileAccessOf } from './tile-access.ts';
import { TILE_LAYERS, type ExpansionKeys, type TileLayer } from './tile-layers.ts';
import {
  datasetTileRevision,
  expansionKeys,
  tileFeatures,
  tileMvt,
  type TileAddress,
} from './tiles.repository.ts';

/**
 * zlib levels (issue 41, the densest z14 tile of the 100k-pipe town, 234 KiB of MVT, CPU medians of 55 interleaved at
 * load 10): a render someone waits for gzips at level 1 (3.7 ms, 3.3 % more bytes than level 4's 5.1 ms; level 2
 * 4.1 ms and 2.0 %, memLevel 9 and Z_FILTERED no better, Z_RLE 2.6 ms but 54 % more bytes); the first-visit tiles
 * rendered in the background, sent to every map that opens, keep level 4.
 */
export const GZIP_LEVEL = { waited: 1, background: 4 } as const;
/** Expansion keys kept per database (dataset × analysis × layer). */
const KEYS_CACHE_SIZE = 256;

/** Zoom range of the tiles (ARCHITECTURE.md, spec 000 §9); the map overzooms past the top. */
export const TILE_ZOOM = { min: 3, max: 16 } as const;

export interface TileRequest {
  dataset: number;
  revision: number;
  layer: string;
  z: number;
  x: number;
  y: number;
}

export const datasetNotFound = () => notFound('Dataset not found.');

/**
 * The tile of the dataset's current data and served analysis. `current` says whether the URL's revision is the
 * dataset's tile_revision: only then may the response be cached for good (browser, CDN, and tile-cache.ts here).
 * An older revision is still answered (with today's content, uncached) so a map open across a swap of results
 * shows data instead of holes until it reloads its style with the new revision.
 *
 * A tile in the cache is answered without the database (issue 41) when the dataset's client, revision and served
 * analysis are known in memory (tile-access.ts, forgotten at every change of them); otherwise the tenant transaction
 * reads them, row-level security deciding who may see the dataset, and they are remembered for the next tile.
 */
export async function readTile(
  deps: Deps,
  user: AuthUser,
  t: TileRequest,
): Promise<{ gzipped: Uint8Array | null; current: boolean }> {
  const layer = tileLayerOf(t);
  if (!layer) throw notFound('No such tile.');
  const known = memoryTile(deps.database, user.clientId, t, layer);
  // Another client's dataset answers 404 exactly as row-level security makes it.
  if (known === 'other-client') throw datasetNotFound();
  if (known) return known;
  const access = tileAccessOf(deps.database);
  // The dataset known in memory, the tile not cached: rendered without reading the dataset's state again (one round
  // trip and a scan of its runs, 1.5–2 ms of a 40 ms render on PostgreSQL); row-level security still reads the rows.
  const ds = access.dataset(t.dataset);
  if (ds?.clientId === user.clientId && t.z >= layer.minZoom)
    return withTenant(deps.database.db, user.clientId, async (tx) => ({
      gzipped: await renderTile(deps.database, tx, t, layer, ds),
      current: ds.tileRevision === t.revision,
    }));
  const since = access.begin();
  return withTenant(deps.database.db, user.clientId, async (tx) => {
    const ds = await datasetTileRevision(tx, t.dataset);
    if (!ds) throw datasetNotFound();
    access.rememberDataset(t.dataset, { clientId: user.clientId, ...ds }, since);
    const current = ds.tileRevision === t.revision;
    if (t.z < layer.minZoom) return { gzipped: null, current };
    const gzipped = await renderTile(deps.database, tx, t, layer, ds);
    return { gzipped, current };
  });
}

/** The layer of a tile address inside the layer's zooms and the zoom's grid, or undefined (a 404). */
export function tileLayerOf(t: Omit<TileRequest, 'dataset' | 'revision'>): TileLayer | undefined {
  const layer = Object.hasOwn(TILE_LAYERS, t.layer) ? TILE_LAYERS[t.layer] : undefined;
  const side = 2 ** t.z;
  if (!layer || t.z < TILE_ZOOM.min || t.z > TILE_ZOOM.max || t.x >= side || t.y >= side) return undefined;
  return layer;
}

/**
 * The tile from memory alone, when the dataset's client, revision and served analysis are known (tile-access.ts)
 * and the tile is cached: undefined when the database must be asked, 'other-client' for another client's dataset.
 * The route and the hit path in front of Fastify (tile-hits.ts) both answer from here.
 */
export function memoryTile(
  database: Database,
  clientId: number,
  t: TileRequest,
  layer: TileLayer,
): { gzipped: Uint8Array | null; current: boolean } | 'other-client' | undefined {
  const known = tileAccessOf(database).dataset(t.dataset);
  if (!known) return undefined;
  if (known.clientId !== clientId) return 'other-client';
  const current = known.tileRevision === t.revision;
  if (t.z < layer.minZoom) return { gzipped: null, current };
  const hit = tileCacheOf(database).get(tileKey(t, known));
  return hit === undefined ? undefined : { gzipped: hit, current };
}

/**
 * Keyed by the revision the content is of, the current one, whatever the URL says: after a swap of results every
 * open map asks for its old revision until it reloads its style, and those tiles were encoded again for each
 * request (issue 18: with 50 users the database's pool filled with them and every request waited seconds).
 */
const tileKey = (t: Omit<TileRequest, 'revision'>, ds: { tileRevision: number; analysisId: number | null }) =>
  `${t.dataset}:${ds.tileRevision}:${ds.analysisId ?? ''}:${t.layer}:${t.z}/${t.x}/${t.y}`;

/**
 * The tile from the memory cache, else from the first-visit tiles on disk (tile-disk.ts, after a restart), else
 * encoded and kept in memory; runs in the dataset's tenant transaction.
 */
export async function renderTile(
  database: Database,
  tx: Db,
  t: Omit<TileRequest, 'revision'>,
  layer: TileLayer,
  ds: { tileRevision: number; analysisId: number | null },
  gzipLevel: number = GZIP_LEVEL.waited,
): Promise<Uint8Array | null> {
  const cache = tileCacheOf(database);
  const key = tileKey(t, ds);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const onDisk = await readDiskTile(database, { ...t, ...ds });
  if (onDisk !== undefined) {
    cache.set(key, onDisk);
    return onDisk;
  }
  const keys = await keysOf(database, tx, t, layer, ds);
  const at = { datasetId: t.dataset, analysisId: ds.analysisId, z: t.z, x: t.x, y: t.y, keys };
  // Kept and sent gzipped (every browser asks for it): MVT shrinks about fourfold, so the cache holds four
  // times the tiles and a cache hit costs no compression. Not zlib's default level 6 (issue 41, measured on the
  // e2e town's low-zoom tiles, 2.8 MiB of MVT: level 4 3.7 % more bytes for half the time; GZIP_LEVEL), since a
  // first render waits for it while the wire barely notices.
  const bytes = await encode(database, tx, t.layer, layer, at);
  const gzipped = bytes ? new Uint8Array(gzipSync(bytes, { level: gzipLevel })) : null;
  cache.set(key, gzipped);
  return gzipped;
}

/**
 * The expansion keys (population years…) of a layer, per database, dataset and served analysis: one query (a scan of
 * the dataset's rows) per analysis. A pipe edit's new revision keeps them: it re-scores a pipe, not the years.
 */
const keysCache = new WeakMap<Database, Map<string, ExpansionKeys>>();

async function keysOf(
  database: Database,
  tx: Db,
  t: Omit<TileRequest, 'revision'>,
  layer: TileLayer,
  ds: { tileRevision: number; analysisId: number | null },
): Promise<ExpansionKeys> {
  if (!layer.expansions?.length) return {};
  let m = keysCache.get(database);
  if (!m) keysCache.set(database, (m = new Map()));
  const key = `${t.dataset}:${ds.analysisId ?? ''}:${t.layer}`;
  let keys = m.get(key);
  if (!keys) {
    keys = await expansionKeys(tx, layer, t.dataset, ds.analysisId);
    if (m.size >= KEYS_CACHE_SIZE) m.delete(m.keys().next().value!);
    m.set(key, keys);
  }
  return keys;
}

/** PostgreSQL encodes in the database (ST_AsMVT); PGlite has none, so Node encodes the same rows (encode.ts). */
async function encode(
  database: Database,
  tx: Db,
  name: string,
  layer: TileLayer,
  at: TileAddress,
): Promise<Uint8Array | null> {
  if (database.kind === 'postgres') return tileMvt(tx, name, layer, at);
  const rows = await tileFeatures(tx, layer, at);
  return rows.length ? encodeTile(name, rows) : null;
}
