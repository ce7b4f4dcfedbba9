// "Datasets and snapshots" of docs/api-datasets.md against a small demo town of client 1, on both backends.
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import {
  DATASET_ASSET_KEYS,
  datasetListSchema,
  datasetSchema,
  datasetStatusListSchema,
  snapshotGroupSchema,
  snapshotSchema,
  type Dataset,
} from '@pipewise/domain';
import { withTenant } from '../src/db/database.ts';
import { DEMO_CITY_GROUP } from '../src/db/seed-city.ts';
import { promoteVersion } from '../src/modules/network/versions.ts';
import { ADMIN, forEachBackend, GUEST, JP_ADMIN, VIEWER, WORKER, type Harness } from './helpers/harness.ts';

const groupsOf = async (h: Harness, email = VIEWER) => {
  const res = await h.request({ url: '/api/snapshot-groups', token: await h.token(email) });
  expect(res.statusCode).toBe(200);
  return z.array(snapshotGroupSchema).parse(res.json());
};
const currentOf = async (h: Harness, email = VIEWER) =>
  snapshotSchema.parse(
    (await h.request({ url: '/api/snapshots/current', token: await h.token(email) })).json(),
  );
const setCurrent = async (h: Harness, group: number, dataset: number, email = VIEWER) =>
  h.request({
    url: `/api/snapshots/set-current?snapshot_group=${group}&dataset=${dataset}`,
    token: await h.token(email),
  });

forEachBackend(
  'dataset and snapshot routes',
  (h) => {
    let demo: Dataset;
    let demoGroup: number;

    it('GET /api/snapshot-groups lists the demo town with every dataset field', async () => {
      const groups = await groupsOf(h);
      expect(groups).toHaveLength(1);
      const [group] = groups;
      expect(group!.snapshot_group_name).toBe(DEMO_CITY_GROUP);
      expect(Object.keys(group!).sort()).toEqual(
        ['datasets', 'snapshot_entity_id', 'snapshot_group_entity_id', 'snapshot_group_name'].sort(),
      );
      demo = group!.datasets[0]!;
      demoGroup = group!.snapshot_group_entity_id;
      expect(group!.datasets).toHaveLength(1);
      expect(demo).toMatchObject({
        original_dataset_id: demo.id,
        origin: 0,
        // The seed queued its analysis; no worker runs in this test, so it waits.
        status: 5,
        refresh_status: 'NONE',
        active: true,
        model_type: 'EPANET',
        scenario: null,
        rul: false,
        imputed_pipeline_file_url: null,
        folder: `${demo.id}-r1`,
        ra_complete: false,
        snapshot_entity_id: group!.snapshot_entity_id,
        version: 1,
        synthetic: true,
      });
      expect(demo.name).toMatch(/synthetic/);
      expect(demo.pipe_count).toBeGreaterThan(550);
      expect(demo.total_length_m).toBeGreaterThan(10_000);
      expect(Object.keys(demo.assets).sort()).toEqual([...DATASET_ASSET_KEYS].sort());
      for (const key of DATASET_ASSET_KEYS) expect(demo.assets[key], key).toBe(key !== 'custom_zone');
      expect(Object.keys(demo.distribution_master).sort()).toEqual(['diameter', 'install_year', 'material']);
      expect(demo.distribution_master.material).toBeGreaterThan(0.8);
      expect(demo.distribution_master.material).toBeLessThan(1);
      expect(demo.center![1]).toBeCloseTo(37.49, 1);
      expect(demo.zoom).toBeGreaterThan(10);
    });

    it('GET /api/snapshots/current defaults to the first group and its original', async () => {
      const current = await currentOf(h);
      expect(current).toMatchObject({
        id: demo.snapshot_entity_id,
        type: 'CURRENT',
        version: 1,
        snapshot_group_entity_id: demoGroup,
        snapshot_group_name: DEMO_CITY_GROUP,
        dataset: { id: demo.id },
      });
      expect(current.datasets.map((d) => d.id)).toEqual([demo.id]);
    });

    it('answers 404 NO_DATASET and empty lists to a client without a network', async () => {
      const token = await h.token(JP_ADMIN);
      expect(await groupsOf(h, JP_ADMIN)).toEqual([]);
      const current = await h.request({ url: '/api/snapshots/current', token });
      expect(current.statusCode).toBe(404);
      expect(current.json().code).toBe('NO_DATASET');
      expect((await h.request({ url: '/api/datasets/status', token })).json()).toEqual([]);
      expect((await h.request({ url: '/api/datasets', token })).json()).toEqual({ datasets: [] });
    });

    it('keeps another client’s ids out of reach: 404', async () => {
      const token = await h.token(JP_ADMIN);
      expect((await setCurrent(h, demoGroup, demo.id, JP_ADMIN)).statusCode).toBe(404);
      for (const [method, url, body] of [
        ['GET', `/api/datasets/${demo.id}/property`, undefined],
        ['PUT', `/api/datasets/${demo.id}/set-view`, { center: [0, 0], zoom: 3 }],
        ['PUT', `/api/datasets/${demo.id}`, { name: 'Mine now' }],
        ['POST', `/api/datasets/${demo.id}/refresh-tiles`, undefined],
      ] as const) {
        const res = await h.request({ method, url, token, body });
        expect(res.statusCode, url).toBe(404);
      }
      expect((await groupsOf(h))[0]!.datasets[0]).toMatchObject({ name: demo.name, folder: demo.folder });
    });

    it('POST /api/datasets creates an empty group that joins the list only once a version is CURRENT', async () => {
      const body = { name: 'Zeta mains' };
      for (const [email, code] of [
        [WORKER, 'FORBIDDEN'],
        [GUEST, 'DEMO_READ_ONLY'],
      ] as const) {
        const denied = await h.request({
          method: 'POST',
          url: '/api/datasets',
          token: await h.token(email),
          body,
        });
        expect(denied.statusCode).toBe(403);
        expect(denied.json().code).toBe(code);
      }
      const res = await h.request({
        method: 'POST',
        url: '/api/datasets',
        token: await h.token(ADMIN),
        body,
      });
      expect(res.statusCode).toBe(201);
      const zeta = datasetSchema.parse(res.json());
      expect(zeta).toMatchObject({ name: 'Zeta mains', center: null, zoom: null, pipe_count: 0, version: 1 });
      expect(zeta.assets.breaks).toBe(false);
      expect(await groupsOf(h)).toHaveLength(1);

      const list = datasetListSchema.parse(
        (await h.request({ url: '/api/datasets', token: await h.token(VIEWER) })).json(),
      ).datasets;
      // Network by network (by name), not newest first across networks.
      expect(list.map((d) => [d.id, d.snapshot_type, d.snapshot_group_name])).toEqual([
        [demo.id, 'CURRENT', DEMO_CITY_GROUP],
        [zeta.id, 'PENDING', 'Zeta mains'],
      ]);
      const zetaGroup = list[1]!.snapshot_group_entity_id;
      expect((await setCurrent(h, zetaGroup, zeta.id)).statusCode).toBe(404);

      // As an import of areas only would leave it: CURRENT, but nothing to centre the map on.
      await withTenant(h.database.db, 1, (tx) => promoteVersion(tx, zeta.snapshot_entity_id));
      expect((await groupsOf(h)).map((g) => g.snapshot_group_name)).toEqual([DEMO_CITY_GROUP, 'Zeta mains']);
      const noCenter = await setCurrent(h, zetaGroup, zeta.id);
      expect(noCenter.statusCode).toBe(409);
      expect(noCenter.json().code).toBe('NO_CENTER');
      // A dataset of one group named with another group: not in that group's CURRENT snapshot.
      expect((await setCurrent(h, demoGroup, zeta.id)).statusCode).toBe(404);
      expect((await setCurrent(h, 999_999, demo.id)).statusCode).toBe(404);
      expect(
        (
          await h.request({
            url: '/api/snapshots/set-current?snapshot_group=1',
            token: await h.token(VIEWER),
          })
        ).statusCode,
      ).toBe(400);

      const put = await h.request({
        method: 'PUT',
        url: `/api/datasets/${zeta.id}`,
        token: await h.token(ADMIN),
        body: { name: 'Zeta water mains', center: [-122.3, 37.5], zoom: 12 },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ name: 'Zeta water mains', center: [-122.3, 37.5], zoom: 12 });
      const workerPut = await h.request({
        method: 'PUT',
        url: `/api/datasets/${zeta.id}`,
        token: await h.token(WORKER),
        body: { active: false },
      });
      expect(workerPut.statusCode).toBe(403);

      expect((await setCurrent(h, zetaGroup, zeta.id)).statusCode).toBe(204);
      const stored = await withTenant(h.database.db, 1, (tx) =>
        tx.execute(sql`SELECT u.group_id, u.dataset_id FROM user_current_datasets u
          JOIN users ON users.id = u.user_id WHERE users.email = ${VIEWER}`),
      );
      expect(stored.rows.map((r) => [Number(r['group_id']), Number(r['dataset_id'])])).toEqual([
        [zetaGroup, zeta.id],
      ]);
      expect(await currentOf(h)).toMatchObject({
        snapshot_group_name: 'Zeta water mains',
        dataset: { id: zeta.id },
      });
      // Other users keep the default.
      expect((await currentOf(h, WORKER)).dataset.id).toBe(demo.id);
      expect((await setCurrent(h, demoGroup, demo.id)).statusCode).toBe(204);
      expect((await currentOf(h)).dataset.id).toBe(demo.id);
    });

    it('GET /api/datasets/status lists the datasets of every CURRENT snapshot', async () => {
      const res = await h.request({ url: '/api/datasets/status', token: await h.token(VIEWER) });
      const status = datasetStatusListSchema.parse(res.json());
      expect(status).toHaveLength(2);
      expect(status[0]).toEqual({
        id: demo.id,
        status: 5,
        refresh_status: 'NONE',
        snapshot_entity_id: demo.snapshot_entity_id,
        origin: 0,
        analysis_stage: 'queued',
        analysis_progress: 0,
        analysis_error: null,
        analysis_eta_seconds: null,
        folder: demo.folder,
      });
      // The spec's five fields, plus the newest analysis run's stage, progress, error and time left, and the tile
      // folder.
      for (const entry of res.json()) {
        expect(Object.keys(entry).sort()).toEqual([
          'analysis_error',
          'analysis_eta_seconds',
          'analysis_progress',
          'analysis_stage',
          'folder',
          'id',
          'origin',
          'refresh_status',
          'snapshot_entity_id',
          'status',
        ]);
      }
    });

    it('PUT /api/datasets/{id}/set-view stores the default view for workers and up', async () => {
      const url = `/api/datasets/${demo.id}/set-view`;
      const body = { center: [-122.25, 37.5], zoom: 13.3 };
      const res = await h.request({ method: 'PUT', url, token: await h.token(WORKER), body });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(body);
      expect((await groupsOf(h))[0]!.datasets[0]).toMatchObject(body);
      const viewer = await h.request({ method: 'PUT', url, token: await h.token(VIEWER), body });
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json().code).toBe('FORBIDDEN');
      const guest = await h.request({ method: 'PUT', url, token: await h.token(GUEST), body });
      expect(guest.statusCode).toBe(403);
      expect(guest.json().code).toBe('DEMO_READ_ONLY');
      const bad = await h.request({
        method: 'PUT',
        url,
        token: await h.token(WORKER),
        body: { center: [200, 0], zoom: 3 },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('GET /api/datasets/{id}/property returns the distinct values present, sorted', async () => {
      const res = await h.request({ url: `/api/datasets/${demo.id}/property`, token: await h.token(VIEWER) });
      expect(res.statusCode).toBe(200);
      const property = res.json();
      const distinct = async (column: string) =>
        (
          await withTenant(h.database.db, 1, (tx) =>
            tx.execute(sql`SELECT DISTINCT ${sql.identifier(column)} AS v FROM pipes
              WHERE dataset_id = ${demo.id} AND ${sql.identifier(column)} IS NOT NULL ORDER BY 1`),
          )
        ).rows.map((r) => Number(r['v']));
      expect(property.break_counts).toEqual(await distinct('break_count'));
      expect(property.install_years).toEqual(await distinct('install_year'));
      expect(property.materials).toEqual(await distinct('material_type_code'));
      expect(property.break_counts.length).toBeGreaterThan(1);
      expect(property.install_years.length).toBeGreaterThan(10);
      expect(property.materials.length).toBeGreaterThan(2);
      expect([...property.install_years].sort((a, b) => a - b)).toEqual(property.install_years);
      expect(
        (await h.request({ url: '/api/datasets/999999/property', token: await h.token(VIEWER) })).statusCode,
      ).toBe(404);
    });

    it('POST /api/datasets/{id}/refresh-tiles moves the folder on and clears the refresh status', async () => {
      await withTenant(h.database.db, 1, (tx) =>
        tx.execute(sql`UPDATE datasets SET refresh_status = 'TILES' WHERE id = ${demo.id}`),
      );
      const url = `/api/datasets/${demo.id}/refresh-tiles`;
      expect((await h.request({ method: 'POST', url, token: await h.token(VIEWER) })).statusCode).toBe(403);
      const res = await h.request({ method: 'POST', url, token: await h.token(WORKER) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: demo.id, folder: `${demo.id}-r2`, refresh_status: 'NONE' });
      expect((await groupsOf(h))[0]!.datasets[0]!.folder).toBe(`${demo.id}-r2`);
    });
  },
  { demoCityPipes: 600 },
);
