// The normalizedBreak export file (issue 17; spec 001 §3) on both backends: every break of the dataset as a point,
// with its date, the pipe it is linked to and how — by the source's pipe id, or snapped with the geodesic distance
// in the user's units, or not at all — built by the job and read back with the project's own import parsers.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExportItem, ExportList } from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { listLayers, readFeatures } from '../src/modules/imports/parse/layers.ts';
import { collect } from '../src/modules/imports/parse/test-fixtures.ts';
import { exportFilesApi } from './fixtures/export-files-api.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { forEachBackend, GUEST, JP_ADMIN, VIEWER } from './helpers/harness.ts';

forEachBackend('normalized break export files', (h) => {
  let us: AnalysisFixture;
  const api = exportFilesApi(h);
  const { get, runQueued } = api;
  const create = (body: unknown, email = VIEWER) => api.create(us.datasetId, body, email);

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    // The fixture's pipes run east along latitude 37.495 from longitude 139.93. B1 is linked by id on P1; B2 lies
    // 0.0001° north of P10 (≈ 11.1 m) and was snapped to it; B3 is unmatched and has no place.
    const { P1, P10 } = us.pipes as Record<'P1' | 'P10', number>;
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`
        INSERT INTO breaks (client_id, dataset_id, pipe_id, native_pipe_id, break_date, geom, matched_by) VALUES
          (1, ${us.datasetId}, ${P1}, 'P1', '2019-02-03', ST_SetSRID(ST_MakePoint(139.9305, 37.495), 4326), 'id'),
          (1, ${us.datasetId}, ${P10}, NULL, '2021-12-31', ST_SetSRID(ST_MakePoint(139.9325, 37.4951), 4326), 'snap'),
          (1, ${us.datasetId}, NULL, 'GONE', '2022-01-01', NULL, NULL)`),
    );
    await api.start();
  });
  afterAll(api.stop);

  it('makes a GeoPackage of the breaks as points, with their link and snap distance', async () => {
    const res = await create({ kind: 'normalizedBreak', format: 'gpkg' });
    expect(res.statusCode, res.body).toBe(202);
    expect(await runQueued()).toBe('ready');
    const item = (await get(`/api/exports/${res.json<ExportItem>().id}`)).json<ExportItem>();
    expect(item).toMatchObject({ status: 'ready', rows: 3, scenarioId: null });
    const file = await get(`/api/exports/${item.id}/file`);
    const gpkg = { name: 'export.gpkg', bytes: new Uint8Array(file.rawPayload) };
    const [layer] = await listLayers(gpkg);
    expect(layer).toMatchObject({
      name: 'breaks_normalized',
      geometryType: 'Point',
      crs: 'EPSG:4326',
      featureCount: 3,
    });
    const [b1, b2, b3] = await collect(readFeatures(gpkg));
    expect(b1!.properties).toMatchObject({
      break_date: '2019-02-03',
      source_pipe_id: 'P1',
      pipe_id: us.pipes['P1'],
      native_pipe_id: 'P1',
      matched_by: 'id',
      snap_distance_ft: null,
    });
    expect(b1!.geometry).toEqual({ type: 'Point', coordinates: [139.9305, 37.495] });
    expect(b2!.properties).toMatchObject({ native_pipe_id: 'P10', matched_by: 'snap' });
    // ≈ 11.1 m north of the pipe, in the US viewer's feet.
    expect(b2!.properties['snap_distance_ft']).toBeCloseTo(36.4, 0);
    expect(b3!.properties).toMatchObject({ pipe_id: null, matched_by: null, source_pipe_id: 'GONE' });
    expect(b3!.geometry).toBeNull();
  });

  it('is open without any analysis subscription, closed to the demo account', async () => {
    const list = (await get('/api/exports', JP_ADMIN)).json<ExportList>();
    expect(list.availability.normalizedBreak).toEqual({ csv: true, geojson: true, gpkg: true, shp: true });
    const demo = await create({ kind: 'normalizedBreak', format: 'shp' }, GUEST);
    expect(demo.statusCode).toBe(403);
    expect(await api.queued()).toEqual([]);
  });
});
