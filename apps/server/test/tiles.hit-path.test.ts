// A cached tile answered in front of Fastify (tile-hits.ts, issue 41) is the route's answer: the same status,
// headers and bytes, with and without a CORS Origin, for the current revision and an old one, over HTTPS settings
// (HSTS) and mirrors (CORS). What the path does not answer reaches the route: a client without gzip, HEAD, a query
// string, no token, another client's user. The route's own answer for the same hit is asked with a query string,
// which the route ignores and the hit path leaves to it.
import type { IncomingHttpHeaders } from 'node:http';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { JP_ADMIN, VIEWER, forEachBackend, type Harness } from './helpers/harness.ts';
import { buildTileFixture, fixtureTiles, untilHeard } from './helpers/tile-fixture.ts';
import { countingTileRequests, fastifyTileRequests, tileOverHttp } from './helpers/tile-http.ts';

const PAGE = 'https://pipes.example.com';

/** Headers that differ between any two answers of one server. */
const comparable = (headers: IncomingHttpHeaders) => {
  const { date: _date, ...rest } = headers;
  return rest;
};

forEachBackend(
  'tiles: the cached-tile path in front of Fastify',
  (h: Harness) => {
    let datasetId = 0;
    let token = '';
    let rev = 0;
    const t = { z: 15, x: 0, y: 0 };
    const url = (rev: number, query = '') =>
      `/api/tiles/${datasetId}/${rev}/pipes/${t.z}/${t.x}/${t.y}.mvt${query}`;
    const revisionOf = async () =>
      Number(
        (await h.database.db.execute(sql`SELECT tile_revision FROM datasets WHERE id = ${datasetId}`))
          .rows[0]!['tile_revision'],
      );
    /** The answer and whether Fastify handled it. */
    const get = async (u: string, headers: Record<string, string> = {}, method = 'GET', as = token) => {
      const before = fastifyTileRequests(h);
      const res = await tileOverHttp(h, u, as, headers, method);
      return { res, routed: fastifyTileRequests(h) > before };
    };
    /** Asked until answered in front of Fastify (the dataset's entry is remembered once its commit is heard). */
    const hit = async (u: string, headers: Record<string, string> = {}) => {
      for (let i = 0; i < 40; i++) {
        const { res, routed } = await get(u, headers);
        if (!routed) return res;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`${u} was never answered in front of Fastify`);
    };

    beforeAll(async () => {
      const f = await buildTileFixture(h.database.db, 1);
      datasetId = f.datasetId;
      Object.assign(t, fixtureTiles(f, 15)[0]);
      token = (await h.login(VIEWER)).access;
      rev = await revisionOf();
    });

    it('sends the route’s status, headers and bytes, with and without an Origin', async () => {
      for (const headers of [{}, { origin: PAGE }] as Record<string, string>[]) {
        const fromMemory = await hit(url(rev), headers);
        const { res: routed, routed: viaFastify } = await get(url(rev, '?from=route'), headers);
        expect(viaFastify).toBe(true);
        expect(fromMemory.statusCode).toBe(200);
        expect(comparable(fromMemory.headers)).toEqual(comparable(routed.headers));
        expect(fromMemory.wire).toEqual(routed.wire);
      }
      const plain = await hit(url(rev));
      expect(plain.headers['content-encoding']).toBe('gzip');
      expect(plain.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(plain.headers['access-control-allow-origin']).toBeUndefined();
      const cors = await hit(url(rev), { origin: PAGE });
      expect(cors.headers['access-control-allow-origin']).toBe(PAGE);
      expect(cors.headers['vary']).toBe('Origin, accept-encoding');
    });

    it('sends an old revision’s answer as the route does: today’s tile, not stored', async () => {
      await untilHeard(h.database, () =>
        h.database.db.execute(
          sql`UPDATE datasets SET tile_revision = tile_revision + 1 WHERE id = ${datasetId}`,
        ),
      );
      const old = rev;
      rev = await revisionOf();
      expect(rev).toBe(old + 1);
      expect((await get(url(old))).routed).toBe(true);
      const fromMemory = await hit(url(old));
      const { res: routed } = await get(url(old, '?from=route'));
      expect(fromMemory.headers['cache-control']).toBe('private, no-store');
      expect(comparable(fromMemory.headers)).toEqual(comparable(routed.headers));
      expect(fromMemory.wire).toEqual(routed.wire);
      const current = await hit(url(rev));
      expect(current.headers['cache-control']).toContain('immutable');
      expect(current.wire).toEqual(fromMemory.wire);
    });

    it('leaves to the route what it does not answer', async () => {
      const cached = await hit(url(rev));
      const unzipped = await get(url(rev), { 'accept-encoding': 'identity' });
      expect(unzipped.routed).toBe(true);
      expect(unzipped.res.headers['content-encoding']).toBeUndefined();
      expect(unzipped.res.wire).toEqual(cached.rawPayload);
      const head = await get(url(rev), {}, 'HEAD');
      expect(head.routed).toBe(true);
      expect(head.res.statusCode).toBe(200);
      const anonymous = await get(url(rev), {}, 'GET', '');
      expect(anonymous.routed).toBe(true);
      expect(anonymous.res.statusCode).toBe(401);
      const otherClient = await h.token(JP_ADMIN);
      for (let i = 0; i < 2; i++) {
        const refused = await get(url(rev), {}, 'GET', otherClient);
        expect(refused.routed).toBe(true);
        expect(refused.res.statusCode).toBe(404);
      }
    });
  },
  countingTileRequests({
    env: { PUBLIC_URL: 'https://pipewise.test', TILE_MIRRORS: 'https://t1.example.com' },
  }),
);
