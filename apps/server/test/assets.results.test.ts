// The served analysis beyond single pipes (docs/api-assets.md): VIS record, intersecting assets, area detail,
// assessments and the model card, on both backends.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  areaDetailSchema,
  areaListSchema,
  assessmentEntrySchema,
  assessmentSchema,
  modelCardSchema,
  visRecordSchema,
} from '@pipewise/domain';
import {
  buildAnalysisFixture,
  FIXTURE_COF_SUMMARY,
  FIXTURE_LOF_CARD,
  type AnalysisFixture,
} from './helpers/analysis-fixture.ts';
import { withSystem } from '../src/db/database.ts';
import { ADMIN, forEachBackend, JP_ADMIN, VIEWER, type Harness } from './helpers/harness.ts';

const get = async (h: Harness, url: string, email = VIEWER) =>
  h.request({ url, token: await h.token(email) });
const ok = async (h: Harness, url: string, email = VIEWER) => {
  const res = await get(h, url, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const intersect = async (h: Harness, f: AnalysisFixture, body: unknown, email = VIEWER) =>
  h.request({
    method: 'POST',
    url: `/api/datasets/${f.datasetId}/intersecting-assets`,
    token: await h.token(email),
    body,
  });
const box = (x0: number, x1: number) =>
  `POLYGON((${x0} 37.494,${x1} 37.494,${x1} 37.496,${x0} 37.496,${x0} 37.494))`;

forEachBackend('analysis result routes', (h) => {
  let us: AnalysisFixture;
  let bare: AnalysisFixture;
  let jp: AnalysisFixture;
  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    bare = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'Not analysed', analysis: false });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2 });
  });

  it('serves a VIS record with its valves and geometry', async () => {
    const vis = visRecordSchema.parse(await ok(h, `/api/datasets/${us.datasetId}/vis/0`));
    expect(vis).toMatchObject({
      id: 0,
      install_year: 1970,
      breaks: 3,
      pipes: 2,
      valves: 2,
      pipes_agg_len: 178,
      population: 230,
      projected_population: { '2030': 230 },
      lof: { '12': 0.37, '60': 0.8 },
      expected_breaks_per_km: { '12': 1.2, '60': null },
      valve_list: [
        { id: us.valves['V1'], native_id: 'V1' },
        { id: us.valves['V2'], native_id: 'V2' },
      ],
      valves_to_close: [{ id: us.valves['V2'], native_id: 'V2' }],
      inoperable_valves: [],
      pipe_list: [
        { id: us.pipes['P1'], native_id: 'P1' },
        { id: us.pipes['P2'], native_id: 'P2' },
      ],
      pipe_list_truncated: false,
    });
    expect(vis.geometry.type).toBe('MultiLineString');
    const other = visRecordSchema.parse(await ok(h, `/api/datasets/${us.datasetId}/vis/1`));
    expect(other.pipe_list).toEqual([
      { id: us.pipes['P10'], native_id: 'P10' },
      { id: us.pipes['Q1'], native_id: 'Q1' },
    ]);
  });

  it('lists at most 500 pipes of a segment, by id, and says so', async () => {
    const big = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'One big segment' });
    // 600 more pipes in segment 0, written in descending native order so that id order is not insertion luck.
    await withSystem(h.database.db, async (tx) => {
      await tx.execute(sql`
        INSERT INTO pipes (client_id, dataset_id, native_pipe_id, geom, length_m)
        SELECT client_id, dataset_id, 'B' || lpad(g::text, 3, '0'), geom, 1
        FROM pipes, generate_series(600, 1, -1) AS g
        WHERE dataset_id = ${big.datasetId} AND native_pipe_id = 'P1'`);
      await tx.execute(sql`
        INSERT INTO pipe_results (analysis_id, pipe_id, client_id, dataset_id, segment_id)
        SELECT ${big.analysisId}, id, client_id, dataset_id, 0
        FROM pipes WHERE dataset_id = ${big.datasetId} AND native_pipe_id LIKE 'B%'`);
    });
    const vis = visRecordSchema.parse(await ok(h, `/api/datasets/${big.datasetId}/vis/0`));
    expect(vis.pipe_list_truncated).toBe(true);
    expect(vis.pipe_list).toHaveLength(500);
    const ids = vis.pipe_list!.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(vis.pipe_list!.slice(0, 3)).toEqual([
      { id: big.pipes['P1'], native_id: 'P1' },
      { id: big.pipes['P2'], native_id: 'P2' },
      { id: expect.any(Number), native_id: 'B600' },
    ]);
    expect(vis.pipe_list![499]!.native_id).toBe('B103');
  });

  it('answers 404 for an unknown segment or a dataset without results, 403 without VIS', async () => {
    expect((await get(h, `/api/datasets/${us.datasetId}/vis/7`)).statusCode).toBe(404);
    expect((await get(h, `/api/datasets/${bare.datasetId}/vis/0`)).statusCode).toBe(404);
    expect((await get(h, `/api/datasets/${jp.datasetId}/vis/0`, ADMIN)).statusCode).toBe(404);
    const noVis = await get(h, `/api/datasets/${jp.datasetId}/vis/0`, JP_ADMIN);
    expect(noVis.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('lists the ids of pipes, segments and areas intersecting a polygon', async () => {
    const ids = async (layer: string, wktpoly: string) => {
      const res = await intersect(h, us, { active_pipe_layer: layer, wktpoly });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().id_list;
    };
    expect(await ids('pipes', box(139.9302, 139.9308))).toEqual([us.pipes['P1']]);
    expect(await ids('pipes', box(139.9305, 139.9325))).toEqual([
      us.pipes['P1'],
      us.pipes['P2'],
      us.pipes['P10'],
    ]);
    expect(await ids('vis', box(139.9325, 139.9335))).toEqual([1]);
    expect(await ids('mesh', box(139.9302, 139.9308))).toEqual([us.areas['M1']]);
    expect(await ids('district', box(139.9302, 139.9308))).toEqual([]);
    expect(await ids('district', box(139.934, 139.9345))).toEqual([us.areas['D1']]);
    expect(await ids('custom_zone', box(139.93, 139.94))).toEqual([]);
    const multi = `MULTIPOLYGON(((139.9302 37.494,139.9308 37.494,139.9308 37.496,139.9302 37.494)))`;
    expect(await ids('pipes', multi)).toEqual([us.pipes['P1']]);
    const noResults = await intersect(h, bare, { active_pipe_layer: 'vis', wktpoly: box(139.93, 139.94) });
    expect(noResults.json()).toEqual({ id_list: [] });
  });

  it('answers 400 naming wktpoly for invalid WKT and 404 for another client', async () => {
    for (const wktpoly of ['POLYGON((', 'POINT(139.93 37.49)', 'SRID=3857;POLYGON((0 0,1 0,1 1,0 0))']) {
      const res = await intersect(h, us, { active_pipe_layer: 'pipes', wktpoly });
      expect(res.statusCode, wktpoly).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'wktpoly', rule: 'wkt' }] });
    }
    const badLayer = await intersect(h, us, { active_pipe_layer: 'valves', wktpoly: box(0, 1) });
    expect(badLayer.json()).toMatchObject({ code: 'VALIDATION', fields: [{ field: 'active_pipe_layer' }] });
    const other = await intersect(h, jp, { active_pipe_layer: 'pipes', wktpoly: box(139.93, 139.94) });
    expect(other.statusCode).toBe(404);
  });

  it('lists the mesh cells, districts and custom zones of a dataset with their aggregates (DET-API-05)', async () => {
    const meshes = areaListSchema.parse(await ok(h, `/api/datasets/${us.datasetId}/areas/mesh`));
    expect(meshes.areas.map((a) => a.native_id)).toEqual([...meshes.areas.map((a) => a.native_id)].sort());
    expect(meshes.areas.find((a) => a.native_id === 'M1')).toEqual({
      id: us.areas['M1'],
      native_id: 'M1',
      name: 'Cell 1',
      kind: 'mesh',
      lof_12: expect.closeTo(0.37, 6),
      expected_breaks_12: 0.4,
      expected_breaks_per_km_year: expect.closeTo(0.4 / 0.178, 9),
      top_risk_share: 0,
      pipes: 2,
      length: 178,
    });
    const districts = await ok(h, `/api/datasets/${us.datasetId}/areas/district`);
    expect(districts.areas.map((a: { native_id: string }) => a.native_id)).toContain('D1');
    expect(districts.areas.find((a: { native_id: string }) => a.native_id === 'D1')).toMatchObject({
      lof_12: null,
      expected_breaks_12: null,
      expected_breaks_per_km_year: null,
      top_risk_share: null,
      pipes: null,
    });
    expect(await ok(h, `/api/datasets/${us.datasetId}/areas/custom_zone`)).toEqual({ areas: [] });
    expect((await get(h, `/api/datasets/${us.datasetId}/areas/valves`)).statusCode).toBe(400);
    expect((await get(h, `/api/datasets/${jp.datasetId}/areas/mesh`)).json().code).toBe('NOT_FOUND');
  });

  it('serves mesh, district and custom-zone detail by native id', async () => {
    const mesh = areaDetailSchema.parse(await ok(h, `/api/datasets/${us.datasetId}/areas/mesh/M1`));
    expect(mesh).toMatchObject({
      id: us.areas['M1'],
      native_id: 'M1',
      name: 'Cell 1',
      kind: 'mesh',
      lof_12: expect.closeTo(0.37, 6),
      risk_drivers: [1, 15],
      lof_risk_driver_name0: 'Pipe age',
      lof_risk_driver_name1: 'Previous breaks',
      lof_risk_driver_name2: null,
      pipes: 2,
      length: 178,
    });
    expect(mesh.geometry.type).toBe('MultiPolygon');
    const district = await ok(h, `/api/datasets/${us.datasetId}/areas/district/D1`);
    expect(district).toMatchObject({
      kind: 'district',
      lof_12: null,
      expected_breaks_12: null,
      top_risk_share: null,
      pipes: null,
      risk_drivers: null,
    });
    const missing = await get(h, `/api/datasets/${us.datasetId}/areas/custom_zone/M1`);
    expect(missing.json()).toMatchObject({ status: 404, code: 'AREA_NOT_FOUND' });
    expect((await get(h, `/api/datasets/${us.datasetId}/areas/valves/M1`)).statusCode).toBe(400);
    expect((await get(h, `/api/datasets/${jp.datasetId}/areas/mesh/M1`)).json().code).toBe('NOT_FOUND');
    const ja = await ok(h, `/api/datasets/${jp.datasetId}/areas/mesh/M1`, JP_ADMIN);
    expect(ja.lof_risk_driver_name0).toBe('管齢');
  });

  // Issue 38: results stored before length (exposure) left the drivers still carry it; it is read without.
  it('never names pipe length among the drivers of results stored with it', async () => {
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE area_results SET risk_drivers = ARRAY[14, 1, 15]::smallint[]
                     WHERE area_id = ${us.areas['M1']}`),
    );
    const mesh = await ok(h, `/api/datasets/${us.datasetId}/areas/mesh/M1`);
    expect([mesh.lof_risk_driver_name0, mesh.lof_risk_driver_name1]).toEqual(['Pipe age', 'Previous breaks']);
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE area_results SET risk_drivers = ARRAY[1, 15]::smallint[]
                     WHERE area_id = ${us.areas['M1']}`),
    );
  });

  it('tells areas and segments apart by expected breaks, their rate and the length at high risk (issue 15)', async () => {
    const f = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'High risk' });
    // P2, 90 of the 178 m of segment 0 and of mesh M1, at BRE level 5; the area's sums as the COF stage stores them.
    await withSystem(h.database.db, async (tx) => {
      await tx.execute(sql`
        UPDATE pipe_results SET bre_level = 5 WHERE analysis_id = ${f.analysisId} AND pipe_id = ${f.pipes['P2']!}`);
      await tx.execute(sql`
        UPDATE area_results SET lof_12 = 1, expected_breaks_12 = 96.5, top_risk_length_m = 90
        WHERE analysis_id = ${f.analysisId}`);
    });
    const figures = {
      lof_12: 1,
      expected_breaks_12: 96.5,
      expected_breaks_per_km_year: expect.closeTo(96.5 / 0.178, 9),
      top_risk_share: expect.closeTo(90 / 178, 12),
    };
    const mesh = areaDetailSchema.parse(await ok(h, `/api/datasets/${f.datasetId}/areas/mesh/M1`));
    expect(mesh).toMatchObject(figures);
    const list = areaListSchema.parse(await ok(h, `/api/datasets/${f.datasetId}/areas/mesh`));
    expect(list.areas.find((a) => a.native_id === 'M1')).toMatchObject(figures);
    // A segment: its expected breaks from its rate per km (1.2 over 178 m) and its length at high risk, read live.
    const vis = visRecordSchema.parse(await ok(h, `/api/datasets/${f.datasetId}/vis/0`));
    expect(vis.expected_breaks_12).toBeCloseTo(1.2 * 0.178, 9);
    expect(vis.top_risk_share).toBeCloseTo(90 / 178, 12);
    const other = visRecordSchema.parse(await ok(h, `/api/datasets/${f.datasetId}/vis/1`));
    expect(other.top_risk_share).toBe(0);
  });

  it('keeps the high-risk share from a client without BRE, and the LOF figures from one without LOF', async () => {
    // The JP demo client has LOF and COF but no BRE (nor VIS).
    const ja = areaDetailSchema.parse(await ok(h, `/api/datasets/${jp.datasetId}/areas/mesh/M1`, JP_ADMIN));
    expect(ja).toMatchObject({ expected_breaks_12: 0.4, top_risk_share: null });
    await withSystem(h.database.db, (tx) =>
      tx.execute(sql`UPDATE clients SET subscriptions = '{COF,BRE}' WHERE id = 2`),
    );
    try {
      const noLof = await ok(h, `/api/datasets/${jp.datasetId}/areas/mesh/M1`, JP_ADMIN);
      expect(noLof).toMatchObject({
        lof_12: null,
        expected_breaks_12: null,
        expected_breaks_per_km_year: null,
        top_risk_share: 0,
      });
    } finally {
      await withSystem(h.database.db, (tx) =>
        tx.execute(sql`UPDATE clients SET subscriptions = '{COF,LOF,RUL,VP,POPULATION}' WHERE id = 2`),
      );
    }
  });

  it('serves the LOF, COF and BRE assessments of the served analysis', async () => {
    const base = `/api/datasets/${us.datasetId}/assessments`;
    const lof = assessmentSchema.parse(await ok(h, `${base}/lof`));
    expect(lof).toMatchObject({
      id: us.analysisId,
      dataset_id: us.datasetId,
      kind: 'lof',
      finished_at: '2026-01-01T00:01:00.000Z',
      method: FIXTURE_LOF_CARD.method,
      project_lof: 12.5,
      scored_as_of: '2025-12-31',
      pipes: 4,
    });
    expect(await ok(h, `${base}/cof`)).toMatchObject({
      kind: 'cof',
      method: 'standard',
      scenario_id: null,
      scenario_name: 'Default (US)',
      currency: 'USD',
      level_breaks: FIXTURE_COF_SUMMARY.levelBreaks,
      total: 10_000,
      pipes: 4,
    });
    const bre = await ok(h, `${base}/bre`);
    expect(bre).toMatchObject({ kind: 'bre', level_breaks: [10, 20, 30, 40], pipes: 4 });
    expect(bre.total).toBeCloseTo(1600, 3);
  });

  it("serves one pipe's entry of each assessment", async () => {
    const base = `/api/datasets/${us.datasetId}/assessments`;
    const p2 = us.pipes['P2'];
    const lof = assessmentEntrySchema.parse(await ok(h, `${base}/lof/${p2}`));
    expect(lof).toMatchObject({ assessment_id: us.analysisId, pipe_id: p2, native_pipe_id: 'P2' });
    expect(lof.lof).toMatchObject({
      cum_breaks: { '12': 0.5 },
      rank: { '12': 30, '24': 20 },
      risk_drivers: [1, 2, 15],
      risk_driver_names: ['Pipe age', 'Material: cast iron', 'Previous breaks'],
      rul: 42,
    });
    expect(lof.lof?.lof['12']).toBeCloseTo(0.3, 6);
    expect((await ok(h, `${base}/cof/${p2}`)).cof).toMatchObject({
      cof_total: 3000,
      direct: 1800,
      // A break isolates P2's segment (P1, P2): the valve that closes it is V2.
      affected_pipes: [
        { id: us.pipes['P1'], native_id: 'P1' },
        { id: p2, native_id: 'P2' },
      ],
      affected_pipes_total: 2,
      affected_valves: [{ id: us.valves['V2'], native_id: 'V2' }],
    });
    const bre = (await ok(h, `${base}/bre/${p2}`)).bre;
    expect(bre).toMatchObject({ level: 2, cof_total: 3000 });
    expect(bre.total).toBeCloseTo(900, 3);
    expect((await get(h, `${base}/lof/${jp.pipes['P2']}`)).statusCode).toBe(404);
    expect((await get(h, `${base}/npv/${p2}`)).statusCode).toBe(400);
  });

  it('answers 404 NO_*_ASSESSMENT without results or without the subscription', async () => {
    for (const kind of ['lof', 'cof', 'bre']) {
      const none = await get(h, `/api/datasets/${bare.datasetId}/assessments/${kind}`);
      expect(none.json()).toMatchObject({ status: 404, code: `NO_${kind.toUpperCase()}_ASSESSMENT` });
      const entry = await get(h, `/api/datasets/${bare.datasetId}/assessments/${kind}/${bare.pipes['P1']}`);
      expect(entry.json().code).toBe(`NO_${kind.toUpperCase()}_ASSESSMENT`);
    }
    const jpBase = `/api/datasets/${jp.datasetId}/assessments`;
    expect((await ok(h, `${jpBase}/cof`, JP_ADMIN)).kind).toBe('cof');
    expect((await get(h, `${jpBase}/bre`, JP_ADMIN)).json().code).toBe('NO_BRE_ASSESSMENT');
    expect((await get(h, `${jpBase}/bre/${jp.pipes['P1']}`, JP_ADMIN)).json().code).toBe('NO_BRE_ASSESSMENT');
    expect((await get(h, `${jpBase}/lof`, ADMIN)).json().code).toBe('NOT_FOUND');
  });

  it('serves the model card, 404 NO_LOF_ASSESSMENT before the first analysis', async () => {
    const card = modelCardSchema.parse(await ok(h, `/api/datasets/${us.datasetId}/model-card`));
    expect(card).toMatchObject({
      analysis_id: us.analysisId,
      finished_at: '2026-01-01T00:01:00.000Z',
      lof_card: { backtests: FIXTURE_LOF_CARD.backtests, projectLof: 12.5 },
      impute_summary: { method: 'fixture' },
      vis_summary: { segments: 2 },
      cof_summary: { scenarioName: 'Default (US)' },
      timings: { lof: 1.5 },
    });
    const none = await get(h, `/api/datasets/${bare.datasetId}/model-card`);
    expect(none.json()).toMatchObject({ status: 404, code: 'NO_LOF_ASSESSMENT' });
    expect((await get(h, `/api/datasets/${jp.datasetId}/model-card`)).statusCode).toBe(404);
    expect((await h.request({ url: `/api/datasets/${us.datasetId}/model-card` })).statusCode).toBe(401);
  });

  it('serves the card of a run without a LOF model with its reason, and the dataset says it (issue 15)', async () => {
    const reason = 'no break is linked to a pipe: the likelihood of failure needs break history';
    const setCard = (card: unknown) =>
      withSystem(h.database.db, (tx) =>
        tx.execute(
          sql`UPDATE analyses SET lof_card = ${JSON.stringify(card)}::jsonb WHERE id = ${us.analysisId}`,
        ),
      );
    await setCard({ unavailable: reason });
    try {
      const card = modelCardSchema.parse(await ok(h, `/api/datasets/${us.datasetId}/model-card`));
      expect(card).toMatchObject({ analysis_id: us.analysisId, lof_card: { unavailable: reason } });
      expect(card.cof_summary).toMatchObject({ scenarioName: 'Default (US)' });
      // The LOF assessment itself is still not there: its views and details say so.
      const lof = await get(h, `/api/datasets/${us.datasetId}/assessments/lof`);
      expect(lof.json()).toMatchObject({ status: 404, code: 'NO_LOF_ASSESSMENT' });
      const listed = (await ok(h, '/api/datasets')) as {
        datasets: { id: number; lof_unavailable: string | null }[];
      };
      expect(listed.datasets.find((d) => d.id === us.datasetId)?.lof_unavailable).toBe(reason);
    } finally {
      await setCard(FIXTURE_LOF_CARD);
    }
    const listed = (await ok(h, '/api/datasets')) as {
      datasets: { id: number; lof_unavailable: string | null }[];
    };
    expect(listed.datasets.find((d) => d.id === us.datasetId)?.lof_unavailable).toBeNull();
  });
});
