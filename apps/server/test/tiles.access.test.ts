// A cached tile is answered from memory (issue 41), and memory never lets the wrong caller or stale content through:
// a deactivated user or an ended session, another client's user, and a tile of a revision that has been replaced
// are refused or rendered again on both backends, whether the change came through the API or raw SQL (the
// database's triggers tell); on PostgreSQL a change made by another process is heard. The tiles are fetched over a
// socket, gzip accepted, as a browser does: a hit is then answered in front of Fastify (tile-hits.ts), and each
// refusal is proved with that path serving the same caller the same tile just before. The
// first-visit tiles an analysis renders at its end are on disk, and served.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it, vi } from 'vitest';
import { openPostgres, withTenant, type Database } from '../src/db/database.ts';
import { insertPipes } from '../src/modules/network/write-layers.ts';
import {
  createGroup,
  createVersion,
  promoteVersion,
  refreshSummary,
} from '../src/modules/network/versions.ts';
import { LIVE_MS } from '../src/modules/auth/ended-sessions.ts';
import { prerenderTiles } from '../src/modules/tiles/tile-prerender.ts';
import { ADMIN, JP_ADMIN, VIEWER, forEachBackend, type Harness } from './helpers/harness.ts';
import { decodeLayer, tileOf, untilHeard } from './helpers/tile-fixture.ts';
import { countingTileRequests, fastifyTileRequests, tileOverHttp } from './helpers/tile-http.ts';

const A: [number, number] = [-122.2301, 37.4902];
const B: [number, number] = [-122.2285, 37.4911];
const Z = 15;

async function datasetWithPipe(h: Harness): Promise<number> {
  return withTenant(h.database.db, 1, async (tx) => {
    const groupId = await createGroup(tx, { clientId: 1, name: 'Access', userId: null });
    const v = await createVersion(tx, { clientId: 1, groupId, replaced: [] });
    await insertPipes(tx, { clientId: 1, datasetId: v.datasetId }, [
      {
        native_pipe_id: 'P-1',
        geom: { type: 'LineString', coordinates: [A, B] },
        length_m: null,
        diameter_mm: 200,
        install_year: 1955,
        material_type_code: 0,
      },
    ]);
    await refreshSummary(tx, v.datasetId);
    await promoteVersion(tx, v.snapshotId);
    return v.datasetId;
  });
}

const userId = async (h: Harness, email: string) =>
  Number((await h.database.db.execute(sql`SELECT id FROM users WHERE email = ${email}`)).rows[0]!['id']);

const revisionOf = async (h: Harness, datasetId: number) =>
  Number(
    (await h.database.db.execute(sql`SELECT tile_revision FROM datasets WHERE id = ${datasetId}`)).rows[0]![
      'tile_revision'
    ],
  );

forEachBackend(
  'tiles: cached tiles authorised from memory',
  (h) => {
    let datasetId = 0;
    const url = (rev: number) => {
      const { x, y } = tileOf(A[0], A[1], Z);
      return `/api/tiles/${datasetId}/${rev}/pipes/${Z}/${x}/${y}.mvt`;
    };
    /** A session of its own per test: deactivating the viewer ends the sessions it had. */
    const login = async () => (await h.login(VIEWER)).access;
    const diameter = (res: { rawPayload: Buffer }) =>
      decodeLayer(res.rawPayload, 'pipes')[0]!.properties['diameter'];
    const tile = (u: string, token: string) => tileOverHttp(h, u, token);
    /** The tile answered in front of Fastify (tile-hits.ts), once the dataset's and user's entries are remembered. */
    const fromMemory = async (u: string, token: string) => {
      for (let i = 0; i < 40; i++) {
        const before = fastifyTileRequests(h);
        const res = await tile(u, token);
        expect(res.statusCode).toBe(200);
        if (fastifyTileRequests(h) === before) return res;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`${u} was never answered in front of Fastify`);
    };

    it('answers a cached tile without a database round trip', async () => {
      // A session ended anywhere in the process (the other backend's tests) has every session asked about afresh for
      // LIVE_MS (ended-sessions.ts): the clock is moved past that.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + LIVE_MS + 1000);
      datasetId = await datasetWithPipe(h);
      const token = await login();
      const first = await tile(url(1), token);
      expect(first.statusCode).toBe(200);
      // The dataset was just written: on PostgreSQL its entry is remembered once the commit's notification is heard.
      await new Promise((r) => setTimeout(r, 100));
      expect((await tile(url(1), token)).statusCode).toBe(200);
      const transactions = vi.spyOn(h.database.db, 'transaction');
      const statements = vi.spyOn(h.database.db, 'execute');
      try {
        const reached = fastifyTileRequests(h);
        const again = await tile(url(1), token);
        expect(again.statusCode).toBe(200);
        expect(again.rawPayload).toEqual(first.rawPayload);
        expect(transactions).not.toHaveBeenCalled();
        expect(statements).not.toHaveBeenCalled();
        // Answered in front of Fastify, and the route answers the same bytes without the database too.
        expect(fastifyTileRequests(h)).toBe(reached);
        const routed = await h.request({ url: url(1), token, csrf: false });
        expect(routed.statusCode).toBe(200);
        expect(routed.rawPayload).toEqual(first.rawPayload);
        expect(transactions).not.toHaveBeenCalled();
        expect(statements).not.toHaveBeenCalled();
      } finally {
        transactions.mockRestore();
        statements.mockRestore();
        vi.useRealTimers();
      }
    });

    it('refuses a cached tile to a deactivated user and to an ended session', async () => {
      const viewer = await login();
      await fromMemory(url(1), viewer);
      const viewerId = await userId(h, VIEWER);
      const admin = await h.token(ADMIN);
      const off = await h.request({
        method: 'PATCH',
        url: `/api/admin/users/${viewerId}`,
        token: admin,
        body: { is_active: false },
      });
      expect(off.statusCode, off.body).toBe(200);
      // Deactivation also ends the user's sessions: 401 TOKEN_REVOKED or 403 ACCOUNT_INACTIVE, never the tile.
      const refused = await tile(url(1), viewer);
      expect([401, 403]).toContain(refused.statusCode);
      const on = await h.request({
        method: 'PATCH',
        url: `/api/admin/users/${viewerId}`,
        token: admin,
        body: { is_active: true },
      });
      expect(on.statusCode, on.body).toBe(200);
      await fromMemory(url(1), await login());

      // A logout ends the session's access token for tiles too, though the tile and the user are in memory.
      const session = await h.login(VIEWER);
      await fromMemory(url(1), session.access);
      const out = await h.request({
        method: 'POST',
        url: '/api/token/revoke',
        body: { refresh: session.refresh },
      });
      expect(out.statusCode, out.body).toBe(204);
      const ended = await tile(url(1), session.access);
      expect(ended.statusCode).toBe(401);
      expect(ended.json().code).toBe('TOKEN_REVOKED');
    });

    it('refuses a cached tile to another client’s user', async () => {
      const viewer = await login();
      await fromMemory(url(1), viewer);
      const jp = await h.token(JP_ADMIN);
      // Twice: the first reads the database and remembers the other client's user, the second is asked from memory.
      expect((await tile(url(1), jp)).statusCode).toBe(404);
      expect((await tile(url(1), jp)).statusCode).toBe(404);
    });

    it('never serves the cached tile of a replaced revision', async () => {
      const viewer = await login();
      const before = await fromMemory(url(1), viewer);
      expect(diameter(before)).toBe(200);
      // New data and a new revision, as a refresh of the map makes them (the same path as a pipe edit's or a swap's).
      await h.database.db.execute(sql`UPDATE pipes SET diameter_mm = 250 WHERE dataset_id = ${datasetId}`);
      const refresh = await h.request({
        method: 'POST',
        url: `/api/datasets/${datasetId}/refresh-tiles`,
        token: await h.token(ADMIN),
      });
      expect(refresh.statusCode, refresh.body).toBe(200);
      const rev = await revisionOf(h, datasetId);
      expect(rev).toBe(2);
      const stale = await tile(url(1), viewer);
      expect(stale.headers['cache-control']).toContain('no-store');
      expect(diameter(stale)).toBe(250);
      // The old revision's answer, once cached under the new revision, from memory: the new content, not stored.
      const staleHit = await fromMemory(url(1), viewer);
      expect(staleHit.headers['cache-control']).toContain('no-store');
      expect(diameter(staleHit)).toBe(250);
      const current = await tile(url(rev), viewer);
      expect(current.headers['cache-control']).toContain('immutable');
      expect(diameter(current)).toBe(250);
    });

    it('hears a revision changed by another process (PostgreSQL: LISTEN/NOTIFY)', async (ctx) => {
      if (h.kind !== 'postgres') return ctx.skip();
      const viewer = await login();
      const rev = await revisionOf(h, datasetId);
      expect(diameter(await tile(url(rev), viewer))).toBe(250);
      // Another process: its own pool, and no announcement at all — only the trigger's notification at commit.
      const other: Database = await openPostgres(String(h.database.pool!.options.connectionString), 1);
      try {
        await other.db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE pipes SET diameter_mm = 300 WHERE dataset_id = ${datasetId}`);
          await tx.execute(
            sql`UPDATE datasets SET tile_revision = tile_revision + 1 WHERE id = ${datasetId}`,
          );
        });
      } finally {
        await other.close();
      }
      let seen: unknown = null;
      for (let i = 0; i < 50 && seen !== 300; i++) {
        await new Promise((r) => setTimeout(r, 20));
        seen = diameter(await tile(url(rev), viewer));
      }
      expect(seen).toBe(300);
    });

    it('forgets what raw SQL changes: a revision, a user’s standing, a client’s (the database’s triggers)', async () => {
      const viewer = await login();
      let rev = await revisionOf(h, datasetId);
      // Cached and remembered: the next request is answered from memory.
      const cached = await fromMemory(url(rev), viewer);
      expect(cached.headers['cache-control']).toContain('immutable');

      // New content and a new revision by hand, no code path: the old revision is stale at once.
      await h.database.db.execute(sql`UPDATE pipes SET diameter_mm = 350 WHERE dataset_id = ${datasetId}`);
      await untilHeard(h.database, () =>
        h.database.db.execute(
          sql`UPDATE datasets SET tile_revision = tile_revision + 1 WHERE id = ${datasetId}`,
        ),
      );
      const stale = await tile(url(rev), viewer);
      expect(stale.headers['cache-control']).toContain('no-store');
      expect(diameter(stale)).toBe(350);
      rev = await revisionOf(h, datasetId);
      expect(diameter(await tile(url(rev), viewer))).toBe(350);

      // The user deactivated by hand (sessions left open): the remembered user is forgotten, the tile refused.
      const viewerId = await userId(h, VIEWER);
      await fromMemory(url(rev), viewer);
      try {
        await untilHeard(h.database, () =>
          h.database.db.execute(sql`UPDATE users SET is_active = false WHERE id = ${viewerId}`),
        );
        expect((await tile(url(rev), viewer)).statusCode).toBe(403);
      } finally {
        await untilHeard(h.database, () =>
          h.database.db.execute(sql`UPDATE users SET is_active = true WHERE id = ${viewerId}`),
        );
      }

      // The client suspended by hand: its users' cached tiles are refused too.
      const token = await login();
      await fromMemory(url(rev), token);
      try {
        await untilHeard(h.database, () =>
          h.database.db.execute(sql`UPDATE clients SET is_active = false WHERE id = 1`),
        );
        expect((await tile(url(rev), token)).statusCode).toBe(403);
      } finally {
        await untilHeard(h.database, () =>
          h.database.db.execute(sql`UPDATE clients SET is_active = true WHERE id = 1`),
        );
      }
    });

    afterAll(() => vi.restoreAllMocks());
  },
  countingTileRequests(),
);

forEachBackend('tiles: first-visit tiles rendered at the end of an analysis', (h) => {
  it('renders the low zooms of the dataset’s extent to memory and disk, and serves them', async () => {
    const datasetId = await datasetWithPipe(h);
    await prerenderTiles(h.database, { clientId: 1, datasetId });
    const rev = await revisionOf(h, datasetId);
    const dir = path.join(h.config.dataDir, 'tile-cache', String(datasetId), `${rev}-none`, 'pipes');
    const files = await readdir(dir);
    // One tile per zoom 3–12: the pipe is a few hundred metres long.
    expect(files.length).toBeGreaterThanOrEqual(10);
    const { x, y } = tileOf(A[0], A[1], 12);
    const onDisk = await readFile(path.join(dir, `12-${x}-${y}.mvt.gz`));
    const res = await h.request({
      url: `/api/tiles/${datasetId}/${rev}/pipes/12/${x}/${y}.mvt`,
      token: (await h.login(VIEWER)).access,
      csrf: false,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(new Uint8Array(res.rawPayload)).toEqual(new Uint8Array(onDisk));
  });
});
