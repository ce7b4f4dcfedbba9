// The normalizedPipe export file (issue 17; spec 001 §3) on both backends: every pipe of the dataset as imported,
// with the values in use and their origin (provided / imputed / overridden), in the user's units — built by the
// job, downloaded, and read back with the project's own import parsers. The network is the utility's own: no
// subscription gates it, so a client without VIS or COF may export it too.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExportItem, ExportList } from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { listLayers, readFeatures } from '../src/modules/imports/parse/layers.ts';
import { collect } from '../src/modules/imports/parse/test-fixtures.ts';
import { exportFilesApi } from './fixtures/export-files-api.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { forEachBackend, GUEST, JP_ADMIN, VIEWER } from './helpers/harness.ts';

forEachBackend('normalized pipe export files', (h) => {
  let us: AnalysisFixture;
  let jp: AnalysisFixture;
  const api = exportFilesApi(h);
  const { get, runQueued } = api;
  const create = (f: AnalysisFixture, body: unknown, email = VIEWER) => api.create(f.datasetId, body, email);

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2 });
    // P1: a corrected material, its topology and zone from the import.
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE pipes SET overrides = '{"materialTypeCode": 2}'::jsonb, from_node = 'J1',
        to_node = 'J2', pressure_zone = 'High', abandoned = true WHERE id = ${us.pipes['P1']!}`),
    );
    await api.start();
  });
  afterAll(api.stop);

  it('makes a GeoPackage of every pipe as imported, with each used value and its origin', async () => {
    const res = await create(us, { kind: 'normalizedPipe', format: 'gpkg' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<ExportItem>()).toMatchObject({
      kind: 'normalizedPipe',
      status: 'queued',
      scenarioId: null,
    });
    expect(await runQueued()).toBe('ready');
    const item = (await get(`/api/exports/${res.json<ExportItem>().id}`)).json<ExportItem>();
    expect(item).toMatchObject({ status: 'ready', rows: 4 });
    const file = await get(`/api/exports/${item.id}/file`);
    expect(file.headers['content-disposition']).toMatch(/filename="pipewise-normalizedPipe-\d+-/);
    const gpkg = { name: 'export.gpkg', bytes: new Uint8Array(file.rawPayload) };
    const [layer] = await listLayers(gpkg);
    expect(layer).toMatchObject({ name: 'pipes_normalized', crs: 'EPSG:4326', featureCount: 4 });
    const [p1, p2] = await collect(readFeatures(gpkg));
    // The US viewer's units; P1's material provided CAS, corrected to DIP.
    expect(p1!.properties).toMatchObject({
      native_pipe_id: 'P1',
      length_ft: 288.71,
      diameter_in: 5.91,
      material: 'CAS',
      material_code: 0,
      material_status: 'overridden',
      material_used: 'DIP',
      material_used_code: 2,
      from_node: 'J1',
      to_node: 'J2',
      pressure_zone: 'High',
      abandoned: 1,
    });
    // P2 came without diameter and year: the served analysis imputed them.
    expect(p2!.properties).toMatchObject({
      native_pipe_id: 'P2',
      diameter_in: null,
      diameter_status: 'imputed',
      diameter_used_in: 3.94,
      install_year: null,
      install_year_status: 'imputed',
      install_year_used: 1965,
      material: 'PVC',
      material_status: 'provided',
      abandoned: 0,
    });
    expect(p1!.geometry?.type).toBe('MultiLineString');
  });

  it('is open to a client without VIS or COF, listed as available, closed to the demo account', async () => {
    const jpList = (await get('/api/exports', JP_ADMIN)).json<ExportList>();
    expect(jpList.availability.normalizedPipe).toEqual({ csv: true, geojson: true, gpkg: true, shp: true });
    expect(jpList.availability.vis.gpkg).toBe(false);
    const res = await create(jp, { kind: 'normalizedPipe', format: 'shp' }, JP_ADMIN);
    expect(res.statusCode, res.body).toBe(202);
    expect(await runQueued()).toBe('ready');
    const file = await get(`/api/exports/${res.json<ExportItem>().id}/file`, JP_ADMIN);
    const [layer] = await listLayers({ name: 'export.zip', bytes: new Uint8Array(file.rawPayload) });
    expect(layer).toMatchObject({ name: 'pipes_normalized', featureCount: 4 });
    expect(layer!.columns).toEqual(expect.arrayContaining(['pipe_id', 'diam_st', 'mat_used', 'press_zone']));
    const demo = await create(us, { kind: 'normalizedPipe', format: 'gpkg' }, GUEST);
    expect(demo.statusCode).toBe(403);
    expect((await get('/api/exports', GUEST)).json<ExportList>().availability.normalizedPipe.gpkg).toBe(
      false,
    );
  });
});
