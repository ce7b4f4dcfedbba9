// A small in-process cache of encoded tiles (gzipped), bounded in bytes, least recently used out first. Only tiles of a
// dataset's current revision go in: a revision names immutable content (ARCHITECTURE.md), so an entry never
// needs invalidating — a new revision simply uses new keys and the old ones age out. Keyed per database, so two
// apps in one process (tests) never share entries; the caller checks the user may see the dataset first.
import type { Database } from '../../db/database.ts';

const ENTRY_OVERHEAD = 96;

export class TileCache {
  private readonly entries = new Map<string, Uint8Array | null>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Uint8Array | null | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, tile: Uint8Array | null): void {
    const size = (tile?.length ?? 0) + ENTRY_OVERHEAD;
    if (size > this.maxBytes || this.entries.has(key)) return;
    this.entries.set(key, tile);
    this.bytes += size;
    for (const [oldest, t] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= (t?.length ?? 0) + ENTRY_OVERHEAD;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** 64 MiB of gzipped tiles per database: the densest z14 tiles of a 100k-pipe town are ~100 KiB each unzipped. */
const TILE_CACHE_BYTES = 64 * 2 ** 20;
const caches = new WeakMap<Database, TileCache>();

export function tileCacheOf(database: Database): TileCache {
  let c = caches.get(database);
  if (!c) caches.set(database, (c = new TileCache(TILE_CACHE_BYTES)));
  return c;
}
