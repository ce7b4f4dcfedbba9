// @fastify/rate-limit's store over the rate_limits table (issue 18): the per-route limits of lib/rate-limits.ts
// hold across every API process instead of each process enforcing its own share. Keys are prefixed with the
// route, since routes share the table.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Db } from '../db/database.ts';
import { countHit, readHits, type HitCount } from './rate-limits.repository.ts';

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

const answer = (cb: Callback, work: Promise<HitCount>) => {
  work.then(
    ({ hits, ttlMs }) => cb(null, { current: hits, ttl: ttlMs }),
    (err: unknown) => cb(err instanceof Error ? err : new Error(String(err))),
  );
};

class DatabaseRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly prefix: string,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number): void {
    answer(cb, countHit(this.db, `${this.prefix}${key}`, timeWindow));
  }

  read(key: string, cb: Callback): void {
    answer(cb, readHits(this.db, `${this.prefix}${key}`));
  }

  /** The plugin passes the route's merged limit options, which carry the route (`routeInfo`). */
  child(params: unknown): FastifyRateLimitStore {
    const { method = '', url = '' } = (params as RouteParams).routeInfo ?? {};
    return new DatabaseRateLimitStore(this.db, `route|${String(method)} ${url}|`);
  }
}

/** The store class @fastify/rate-limit instantiates (`new Store(options)`), bound to one database. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class extends DatabaseRateLimitStore {
    constructor() {
      super(db, 'route|');
    }
  };
}
