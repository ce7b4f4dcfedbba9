// The cofBre export file (issue 17; spec 001 §3) on both backends: every pipe with the served analysis's COF (total,
// level, parts) and BRE (with its level), the item naming the COF scenario the results were computed under. The COF
// subscription opens the kind (403 without it); BRE columns need BRE too, as the COF details API gates them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExportItem, ExportList } from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { listLayers, readFeatures } from '../src/modules/imports/parse/layers.ts';
import { collect } from '../src/modules/imports/parse/test-fixtures.ts';
import { exportFilesApi } from './fixtures/export-files-api.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { forEachBackend, JP_ADMIN, VIEWER } from './helpers/harness.ts';
import { setSubscriptions } from './helpers/planner.ts';

forEachBackend('COF and BRE export files', (h) => {
  let us: AnalysisFixture;
  let jp: AnalysisFixture;
  let bare: AnalysisFixture;
  let scenarioId: number;
  const api = exportFilesApi(h);
  const { get, runQueued } = api;
  const create = (f: AnalysisFixture, body: unknown, email = VIEWER) => api.create(f.datasetId, body, email);
  const download = async (item: ExportItem, email = VIEWER) => {
    const file = await get(`/api/exports/${item.id}/file`, email);
    return { name: 'export.gpkg', bytes: new Uint8Array(file.rawPayload) };
  };

  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2 });
    bare = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'Bare', analysis: false });
    // The served analysis ran under an enabled scenario of the group.
    scenarioId = await withSystem(h.database.db, async (tx) => {
      const created = await tx.execute(sql`
        INSERT INTO cof_scenarios (client_id, snapshot_group_id, name, enabled, country, scenario)
        VALUES (1, ${us.groupId}, 'Storm 2026', true, 'US', '{}'::jsonb) RETURNING id`);
      const id = Number(created.rows[0]!['id']);
      await tx.execute(sql`UPDATE analyses SET cof_scenario_id = ${id},
        cof_summary = cof_summary || '{"scenarioName": "Storm 2026"}'::jsonb WHERE id = ${us.analysisId}`);
      return id;
    });
    await api.start();
  });
  afterAll(api.stop);

  it('makes a GeoPackage of every pipe with its COF parts and BRE, naming the scenario', async () => {
    const res = await create(us, { kind: 'cofBre', format: 'gpkg' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<ExportItem>()).toMatchObject({
      kind: 'cofBre',
      scenarioId,
      title: 'Fixture mains — Storm 2026',
    });
    expect(await runQueued()).toBe('ready');
    const item = (await get(`/api/exports/${res.json<ExportItem>().id}`)).json<ExportItem>();
    expect(item).toMatchObject({ status: 'ready', rows: 4, scenarioId });
    const gpkg = await download(item);
    const [layer] = await listLayers(gpkg);
    expect(layer).toMatchObject({ name: 'pipes_cof_bre', crs: 'EPSG:4326', featureCount: 4 });
    const [p1] = await collect(readFeatures(gpkg));
    // The fixture's P1: COF 1000 at level 3, direct 0.6 ×, standard repair 0.5 ×, indirect 0.4 ×; BRE = LOF × COF.
    expect(p1!.properties).toMatchObject({
      native_pipe_id: 'P1',
      cof_total: 1000,
      cof_level: 3,
      direct: 600,
      standard_repair: 500,
      indirect: 400,
      no_water: 1,
      bre: 100,
      bre_level: 2,
    });
    expect(p1!.geometry?.type).toBe('MultiLineString');
  });

  it('leaves BRE out for a client with COF but not BRE; the country default has no scenario id', async () => {
    const res = await create(jp, { kind: 'cofBre', format: 'gpkg' }, JP_ADMIN);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<ExportItem>()).toMatchObject({ scenarioId: null, title: 'Fixture mains — Default (US)' });
    expect(await runQueued()).toBe('ready');
    const [layer] = await listLayers(await download(res.json<ExportItem>(), JP_ADMIN));
    expect(layer!.columns).toEqual(expect.arrayContaining(['cof_total', 'cof_level', 'direct']));
    expect(layer!.columns).not.toContain('bre');
    expect(layer!.columns).not.toContain('bre_level');
  });

  it('is refused without the COF subscription (403, unavailable in the list) or without served results (404)', async () => {
    expect((await get('/api/exports', JP_ADMIN)).json<ExportList>().availability.cofBre.gpkg).toBe(true);
    await setSubscriptions(h, 2, ['LOF', 'RUL', 'VP', 'POPULATION']);
    try {
      const denied = await create(jp, { kind: 'cofBre', format: 'gpkg' }, JP_ADMIN);
      expect(denied.statusCode).toBe(403);
      expect((await get('/api/exports', JP_ADMIN)).json<ExportList>().availability.cofBre).toEqual({
        csv: false,
        geojson: false,
        gpkg: false,
        shp: false,
      });
    } finally {
      await setSubscriptions(h, 2, ['COF', 'LOF', 'RUL', 'VP', 'POPULATION']);
    }
    const none = await create(bare, { kind: 'cofBre', format: 'csv' });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('NO_COF_ASSESSMENT');
    expect(await api.queued()).toEqual([]);
  });
});
