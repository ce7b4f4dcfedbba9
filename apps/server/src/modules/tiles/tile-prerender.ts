// The tiles a first visit needs, rendered when an analysis is served (issue 41: the first user after a restart
// waited 11.5–26.7 s for the map's low zooms, each rendered on demand, one after the other on PGlite's connection).
// The pipes layer at zooms 3–12 over the dataset's extent — what the map opens at — into the memory cache and onto
// disk (tile-disk.ts), so neither this process's next user nor the first after a restart waits for a render. Runs in
// the background after the swap has committed: the analysis is COMPLETE already, and each tile is one short tenant
// transaction with a turn of the event loop before it, so requests keep being answered. It stops when the dataset
// gets another revision meanwhile (that one is prerendered by its own swap, or rendered on demand). A generated
// town's streets (demo-basemap) are made then too: the map is idle, its data-loaded set, only once they are loaded,
// and a first request after a restart built them while the user waited.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { withTenant, type Database, type Db } from '../../db/database.ts';
import { prepareDemoBasemap } from '../demo-basemap/demo-basemap.service.ts';
import { DISK_MAX_ZOOM, dropOtherRevisions, tileDataDir, writeDiskTile } from './tile-disk.ts';
import { TILE_LAYERS } from './tile-layers.ts';
import { datasetTileRevision } from './tiles.repository.ts';
import { tilePropertiesOf } from './tile-properties.ts';
import { GZIP_LEVEL, renderTile, TILE_ZOOM } from './tiles.service.ts';

const LAYER = 'pipes';
/** A town spreads over a few dozen low-zoom tiles; a region-wide network is capped rather than rendered whole. */
const MAX_TILES = 256;

interface Extent {
  west: number;
  south: number;
  east: number;
  north: number;
}

const lonToX = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const latToY = (lat: number, z: number) => {
  const r = (Math.max(-85.05, Math.min(85.05, lat)) * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};

/** The tiles over the extent, low zooms first (they are what the map asks for first), at most MAX_TILES. */
export function tilesOver(
  e: Extent,
  minZoom: number,
  maxZoom: number,
): { z: number; x: number; y: number }[] {
  const out: { z: number; x: number; y: number }[] = [];
  for (let z = minZoom; z <= maxZoom; z++) {
    const side = 2 ** z;
    const [x0, x1] = [lonToX(e.west, z), Math.min(side - 1, lonToX(e.east, z))];
    const [y0, y1] = [latToY(e.north, z), Math.min(side - 1, latToY(e.south, z))];
    if (out.length + (x1 - x0 + 1) * (y1 - y0 + 1) > MAX_TILES) break;
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) out.push({ z, x, y });
  }
  return out;
}

/** The renders under way per database, and the databases closing: an app's close waits for its renders. */
const running = new WeakMap<Database, Set<Promise<void>>>();
const closing = new WeakSet<Database>();

/** The app is starting (again) on this database: renders may run. */
export function allowPrerendering(database: Database): void {
  closing.delete(database);
}

/** The app is closing: the renders stop at their next tile, and this resolves once they have. */
export async function stopPrerendering(database: Database): Promise<void> {
  closing.add(database);
  await Promise.all([...(running.get(database) ?? [])]);
}

/** Renders the first-visit tiles of the dataset's served revision; resolves when done, never rejects. */
export function prerenderTiles(
  database: Database,
  target: { clientId: number; datasetId: number },
  log?: FastifyBaseLogger,
): Promise<void> {
  if (closing.has(database)) return Promise.resolve();
  let set = running.get(database);
  if (!set) running.set(database, (set = new Set()));
  const run = prerender(database, target, log).finally(() => set.delete(run));
  set.add(run);
  return run;
}

async function prerender(
  database: Database,
  target: { clientId: number; datasetId: number },
  log?: FastifyBaseLogger,
): Promise<void> {
  const started = performance.now();
  const layer = TILE_LAYERS[LAYER]!;
  const tenant = <T>(fn: (tx: Db) => Promise<T>) => withTenant(database.db, target.clientId, fn);
  try {
    await nextTurn();
    const first = await tenant(async (tx) => {
      const ds = await datasetTileRevision(tx, target.datasetId);
      const r = await tx.execute(sql`
        SELECT ST_XMin(e) AS west, ST_YMin(e) AS south, ST_XMax(e) AS east, ST_YMax(e) AS north
        FROM (SELECT ST_Extent(geom) AS e FROM pipes WHERE dataset_id = ${target.datasetId}) x`);
      const row = r.rows[0];
      return ds && row?.['west'] != null ? { ds, extent: row as unknown as Extent } : null;
    });
    if (!first) return;
    const { ds } = first;
    const e = first.extent;
    const extent: Extent = {
      west: Number(e.west),
      south: Number(e.south),
      east: Number(e.east),
      north: Number(e.north),
    };
    await dropOtherRevisions(database, { dataset: target.datasetId, ...ds });
    // A demo town's streets are built in a thread meanwhile (the map is idle only once they are loaded too).
    const dataDir = tileDataDir(database);
    const streets = (dataDir ? prepareDemoBasemap(database, dataDir, target) : Promise.resolve(false)).catch(
      (err: unknown) => {
        log?.warn({ err, datasetId: target.datasetId }, "tiles: the demo town's streets not made");
        return false;
      },
    );
    const tiles = tilesOver(extent, Math.max(TILE_ZOOM.min, layer.minZoom), DISK_MAX_ZOOM);
    let done = 0;
    let moved = false;
    for (const t of tiles) {
      await nextTurn();
      if (closing.has(database)) return;
      const gzipped = await tenant(async (tx) => {
        const now = await datasetTileRevision(tx, target.datasetId);
        if (now?.tileRevision !== ds.tileRevision || now.analysisId !== ds.analysisId)
          return 'moved' as const;
        const at = { dataset: target.datasetId, layer: LAYER, ...t };
        return renderTile(database, tx, at, layer, ds, GZIP_LEVEL.background);
      });
      if (gzipped === 'moved') {
        moved = true;
        break;
      }
      await writeDiskTile(database, { dataset: target.datasetId, ...ds, layer: LAYER, ...t }, gzipped);
      done++;
    }
    // The map asks for them once it has drawn: on disk, a restart does not make the first user wait for them.
    if (!moved) await tenant((tx) => tilePropertiesOf(database, tx, target.datasetId, ds));
    const demoStreets = await streets;
    log?.info(
      { datasetId: target.datasetId, tiles: done, demoStreets, ms: Math.round(performance.now() - started) },
      'tiles: first-visit tiles rendered',
    );
  } catch (err) {
    // A closing database or a full disk costs the next user a render, nothing more.
    log?.warn({ err, datasetId: target.datasetId }, 'tiles: first-visit tiles not rendered');
  }
}
