// GET /api/datasets/{id}/demo-basemap (issue 15): the demo town's own streets and blocks, for its users only.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Dataset } from '@pipewise/domain';
import { withTenant } from '../src/db/database.ts';
import { DEMO_CLIENT_ID } from '../src/db/seed-city.ts';
import type { TownBasemap } from '../src/modules/demo-basemap/town-basemap.ts';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, VIEWER, type Harness } from './helpers/harness.ts';

const demoDataset = async (h: Harness): Promise<Dataset> =>
  (await h.request({ url: '/api/snapshots/current', token: await h.token(VIEWER) })).json().dataset;

const basemapOf = async (h: Harness, datasetId: number, email: string, gzip = true) =>
  h.request({
    url: `/api/datasets/${datasetId}/demo-basemap`,
    token: await h.token(email),
    headers: gzip ? { 'accept-encoding': 'gzip, deflate, br' } : {},
  });

forEachBackend(
  'demo basemap route',
  (h) => {
    it('gives the demo town’s users its blocks and streets, laid where its pipes are', async () => {
      const demo = await demoDataset(h);
      const res = await basemapOf(h, demo.id, VIEWER);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('private, max-age=86400');
      const town = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as TownBasemap;
      const blocks = town.features.filter((f) => f.properties.kind === 'block');
      const streets = town.features.filter((f) => f.properties.kind === 'street');
      expect(blocks.length).toBeGreaterThan(50);
      expect(blocks.every((f) => f.geometry.type === 'Polygon')).toBe(true);
      expect(
        new Set(streets.map((f) => (f.properties.kind === 'street' ? f.properties.road : null))),
      ).toEqual(new Set(['arterial', 'collector', 'local']));

      // The pipes run along these streets: many pipe ends are street corners or bends, equal to 0.1 m (the others
      // split a long street between its vertices). Streets laid from other parameters would share none.
      const key = ([lng, lat]: number[]) => `${lng!.toFixed(6)},${lat!.toFixed(6)}`;
      const vertices = new Set(
        streets.flatMap((f) => (f.geometry.type === 'LineString' ? f.geometry.coordinates.map(key) : [])),
      );
      const ends = await withTenant(h.database.db, DEMO_CLIENT_ID, async (tx) => {
        const r = await tx.execute(sql`
          SELECT ST_X(ST_StartPoint(geom)) AS x0, ST_Y(ST_StartPoint(geom)) AS y0,
                 ST_X(ST_EndPoint(geom)) AS x1, ST_Y(ST_EndPoint(geom)) AS y1
          FROM pipes WHERE dataset_id = ${demo.id} AND native_pipe_id LIKE 'WM-%' ORDER BY id LIMIT 200`);
        return r.rows.flatMap((row) => [
          [Number(row['x0']), Number(row['y0'])],
          [Number(row['x1']), Number(row['y1'])],
        ]);
      });
      expect(ends.length).toBe(400);
      const onStreets = ends.filter((p) => vertices.has(key(p))).length;
      expect(onStreets / ends.length).toBeGreaterThan(0.2);

      // Kept in the data directory, so a restart does not make it again.
      const dir = path.join(h.config.dataDir, 'demo-basemap');
      expect(existsSync(dir) && readdirSync(dir).filter((f) => f.endsWith('.geojson.gz'))).toHaveLength(1);
    });

    it('answers plain JSON to a client that does not take gzip, and to a demo account', async () => {
      const demo = await demoDataset(h);
      const res = await basemapOf(h, demo.id, GUEST, false);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json<TownBasemap>().type).toBe('FeatureCollection');
    });

    it('keeps the demo client’s town from another client’s users: 404 like an unknown dataset', async () => {
      const demo = await demoDataset(h);
      const res = await basemapOf(h, demo.id, JP_ADMIN);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Dataset not found.' });
      expect((await basemapOf(h, 999_999, VIEWER)).statusCode).toBe(404);
      expect((await h.request({ url: `/api/datasets/${demo.id}/demo-basemap` })).statusCode).toBe(401);
    });

    it('answers 404 for a dataset the generator did not write', async () => {
      const created = await h.request({
        method: 'POST',
        url: '/api/datasets',
        token: await h.token(ADMIN),
        body: { name: 'Imported mains' },
      });
      expect(created.statusCode).toBe(201);
      const res = await basemapOf(h, created.json<Dataset>().id, ADMIN);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This dataset has no generated streets.');
    });
  },
  { demoCityPipes: 600 },
);
