// Hears the tile-access changes the database's triggers announce with pg_notify at commit (migration 0031), from
// this process and every other on the database.
// LISTEN/NOTIFY rather than a version row read per request: the point is a cached tile without a round trip, and a
// notification arrives within milliseconds of the commit. PostgreSQL: one connection of its own (LISTEN holds it);
// lost, the maps are emptied and left unused until it is back (the tiles then read the database as before), since a
// change may have gone unheard meanwhile. PGlite: one process owns the database, and its listen() hears the commits.
import pg from 'pg';
import type { Database } from '../../db/database.ts';
import { retireTileAccess, TILE_ACCESS_CHANNEL, tileAccessHeard, tileAccessOf } from './tile-access.ts';

const RECONNECT_MS = 1_000;

/** Starts listening; the returned function stops (app close). */
export async function listenForTileAccess(database: Database): Promise<() => Promise<void>> {
  const access = tileAccessOf(database);
  if (database.pglite) {
    const unlisten = await database.pglite.listen(TILE_ACCESS_CHANNEL, (payload) => tileAccessHeard(payload));
    access.reset(true);
    return async () => {
      retireTileAccess(database);
      await unlisten();
    };
  }
  const pool = database.pool;
  if (!pool) return async () => {};
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  const connect = async () => {
    timer = null;
    if (stopped) return;
    const c = new pg.Client(pool.options);
    const lost = () => {
      access.reset(false);
      c.removeAllListeners();
      c.on('error', () => {});
      void c.end().catch(() => {});
      if (client === c) client = null;
      if (!stopped && !timer) timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === TILE_ACCESS_CHANNEL) tileAccessHeard(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${TILE_ACCESS_CHANNEL}`);
      if (stopped) return void (await c.end());
      client = c;
      access.reset(true);
    } catch {
      lost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    retireTileAccess(database);
    const c = client;
    client = null;
    if (c) {
      c.removeAllListeners();
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  };
}
