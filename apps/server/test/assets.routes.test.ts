// Pipes of docs/api-assets.md (search, detail, list) against a fixture analysis, on both backends. Edits are in
// assets.patch.test.ts, the other results in assets.results.test.ts.
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { assetListSchema, assetSchema, type Asset } from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { buildAnalysisFixture, type AnalysisFixture } from './helpers/analysis-fixture.ts';
import { ADMIN, forEachBackend, JP_ADMIN, VIEWER, type Harness } from './helpers/harness.ts';

const get = async (h: Harness, url: string, email = VIEWER) =>
  h.request({ url, token: await h.token(email) });
const asset = async (h: Harness, f: AnalysisFixture, native: string, email = VIEWER) => {
  const res = await get(h, `/api/datasets/${f.datasetId}/assets/${f.pipes[native]}`, email);
  expect(res.statusCode, res.body).toBe(200);
  return assetSchema.parse(res.json()) as Asset;
};
const setSubscriptions = (h: Harness, clientId: number, subs: string[]) =>
  withSystem(h.database.db, (tx) =>
    tx.execute(
      sql`UPDATE clients SET subscriptions = ${`{${subs.join(',')}}`}::text[] WHERE id = ${clientId}`,
    ),
  );
/** A polygon around the first half of P1 only (P1 runs from 139.930 to 139.931 at 37.495). */
const AROUND_P1 =
  'POLYGON((139.9302 37.494,139.9308 37.494,139.9308 37.496,139.9302 37.496,139.9302 37.494))';

forEachBackend('asset routes', (h) => {
  let us: AnalysisFixture;
  let bare: AnalysisFixture;
  let jp: AnalysisFixture;
  beforeAll(async () => {
    us = await buildAnalysisFixture(h.database.db, { clientId: 1 });
    bare = await buildAnalysisFixture(h.database.db, { clientId: 1, name: 'Not analysed', analysis: false });
    jp = await buildAnalysisFixture(h.database.db, { clientId: 2 });
  });

  it('answers 401 without a token and 400 for a malformed id', async () => {
    const res = await h.request({ url: `/api/datasets/${us.datasetId}/assets/${us.pipes['P1']}` });
    expect(res.statusCode).toBe(401);
    expect((await get(h, `/api/datasets/${us.datasetId}/assets/abc`)).json()).toMatchObject({
      status: 400,
      code: 'VALIDATION',
    });
  });

  it('publishes every route in the OpenAPI document', async () => {
    const doc = (await h.request({ url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/datasets/{datasetId}/assets/search',
        '/api/datasets/{datasetId}/assets',
        '/api/datasets/{datasetId}/assets/{pipeId}',
        '/api/datasets/{datasetId}/vis/{segmentId}',
        '/api/datasets/{datasetId}/intersecting-assets',
        '/api/datasets/{datasetId}/areas/{kind}/{nativeId}',
        '/api/datasets/{datasetId}/assessments/{kind}',
        '/api/datasets/{datasetId}/assessments/{kind}/{pipeId}',
        '/api/datasets/{datasetId}/model-card',
      ]),
    );
  });

  it('searches native ids: the exact one first, then prefixes, case-insensitively', async () => {
    const search = async (q: string) =>
      (await get(h, `/api/datasets/${us.datasetId}/assets/search?q=${encodeURIComponent(q)}`)).json();
    expect(await search('P1')).toEqual([
      { id: us.pipes['P1'], native_pipe_id: 'P1' },
      { id: us.pipes['P10'], native_pipe_id: 'P10' },
    ]);
    expect((await search('p')).map((r: { native_pipe_id: string }) => r.native_pipe_id)).toEqual([
      'P1',
      'P2',
      'P10',
    ]);
    expect(await search('Z%')).toEqual([]);
    expect(await search('_1')).toEqual([]);
    expect((await get(h, `/api/datasets/${us.datasetId}/assets/search`)).statusCode).toBe(400);
  });

  it('serves a pipe with provided, imputed and analysed values', async () => {
    const p2 = await asset(h, us, 'P2', ADMIN);
    expect(p2).toMatchObject({
      id: us.pipes['P2'],
      native_pipe_id: 'P2',
      length: 90,
      diameter: 100,
      diameter_status: 1,
      imputed_diameter: 100,
      diameter_likelihood: { '100': 0.7, '150': 0.3 },
      install_year: 1965,
      install_year_status: 1,
      material_type_code: 8,
      material_status: 0,
      abandoned: false,
      analysis: { id: us.analysisId, finished_at: '2026-01-01T00:01:00.000Z' },
      lof_12: expect.closeTo(0.3, 6),
      lof_60: expect.closeTo(1.2, 6),
      lof_absolute_24: expect.closeTo(0.6, 6),
      cum_breaks_12: 0.5,
      rank_12: 30,
      risk_drivers: [1, 2, 15],
      lof_risk_driver_name0: 'Pipe age',
      lof_risk_driver_name1: 'Material: cast iron',
      lof_risk_driver_name2: 'Previous breaks',
      lof_risk_driver_name3: null,
      rul: 42,
      projected_population: { population: { '2030': 120, '2040': 110 }, rate_of_change: { '2040': -0.8 } },
      segment_id: 0,
      related_valves: [{ id: us.valves['V2'], native_id: 'V2' }],
      vis_valves: [
        { id: us.valves['V1'], native_id: 'V1' },
        { id: us.valves['V2'], native_id: 'V2' },
      ],
      vis_breaks: 3,
      cof: {
        direct: 1800,
        standard_repair: 1500,
        no_water: 1,
        intense_repair: null,
        cof_total: 3000,
        cof_level: 3,
        // The segment's pipes and the valves that close it (not stored per pipe).
        affected_pipes: [
          { id: us.pipes['P1'], native_id: 'P1' },
          { id: us.pipes['P2'], native_id: 'P2' },
        ],
        affected_pipes_total: 2,
        affected_valves: [{ id: us.valves['V2'], native_id: 'V2' }],
      },
      bre: { total: expect.closeTo(900, 3), level: 2 },
    });
    expect(p2.geometry.type).toBe('MultiLineString');
    expect(p2.geometry.coordinates[0]![0]![0]).toBeCloseTo(139.931, 6);
    const p1 = await asset(h, us, 'P1');
    expect(p1).toMatchObject({ address: '1 Main St', break_count: 2, diameter: 150, diameter_status: 0 });
  });

  it('says analysis: null and serves no results while no analysis is complete', async () => {
    const p2 = await asset(h, bare, 'P2');
    expect(p2).toMatchObject({
      analysis: null,
      install_year: null,
      install_year_status: 1,
      material_type_code: 8,
      lof_12: null,
      risk_drivers: null,
      lof_risk_driver_name0: null,
      segment_id: null,
      vis_valves: [],
      vis_breaks: null,
      cof: null,
      bre: null,
    });
  });

  it('restricts BRE without the BRE subscription and names drivers in the user language', async () => {
    const p2 = await asset(h, jp, 'P2', JP_ADMIN);
    expect(p2.bre).toEqual({ total: 'restricted', level: 'restricted' });
    expect(p2.cof?.cof_total).toBe(3000);
    expect(p2.lof_risk_driver_name0).toBe('管齢');
    const list = assetListSchema.parse(
      (await get(h, `/api/datasets/${jp.datasetId}/assets?sort=-lof_12`, JP_ADMIN)).json(),
    );
    expect(list.assets.map((a) => a.bre)).toEqual(['restricted', 'restricted', 'restricted', 'restricted']);
    const byBre = await get(h, `/api/datasets/${jp.datasetId}/assets?sort=-bre`, JP_ADMIN);
    expect(byBre.statusCode).toBe(403);
  });

  it('leaves out every result field the subscriptions do not cover', async () => {
    await setSubscriptions(h, 2, ['VP']);
    try {
      const p2 = await asset(h, jp, 'P2', JP_ADMIN);
      expect(p2).toMatchObject({
        lof_12: null,
        lof_absolute_12: null,
        rank_12: null,
        risk_drivers: null,
        lof_risk_driver_name0: null,
        rul: null,
        projected_population: null,
        cof: null,
        bre: null,
        // Imputation is not gated.
        install_year: 1965,
        segment_id: 0,
      });
      const list = (await get(h, `/api/datasets/${jp.datasetId}/assets`, JP_ADMIN)).json();
      expect(list.assets[0]).toMatchObject({ lof_12: null, rank_12: null, cof_total: null, bre: null });
      expect((await get(h, `/api/datasets/${jp.datasetId}/assets?sort=rank_12`, JP_ADMIN)).statusCode).toBe(
        403,
      );
    } finally {
      await setSubscriptions(h, 2, ['COF', 'LOF', 'RUL', 'VP', 'POPULATION']);
    }
  });

  it('lists slim rows sorted with nulls last, filtered by ids and polygon, paged', async () => {
    const list = async (query: string) => {
      const res = await get(h, `/api/datasets/${us.datasetId}/assets?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return assetListSchema.parse(res.json());
    };
    const byLof = await list('sort=-lof_12');
    expect(byLof.total).toBe(4);
    expect(byLof.assets.map((a) => a.native_pipe_id)).toEqual(['P2', 'P10', 'P1', 'Q1']);
    expect(byLof.assets[0]).toEqual({
      id: us.pipes['P2'],
      native_pipe_id: 'P2',
      length: 90,
      diameter: 100,
      install_year: 1965,
      material_type_code: 8,
      lof_12: expect.closeTo(0.3, 6),
      rank_12: 30,
      cof_total: 3000,
      bre: expect.closeTo(900, 3),
    });
    expect((await list('sort=install_year')).assets.map((a) => a.install_year)).toEqual([
      1965, 1970, 1990, 2001,
    ]);
    expect((await list('sort=-diameter,id&limit=2&offset=1')).assets.map((a) => a.native_pipe_id)).toEqual([
      'P10',
      'P1',
    ]);
    const some = await list(`ids=${us.pipes['Q1']},${us.pipes['P1']}`);
    expect(some.assets.map((a) => a.native_pipe_id)).toEqual(['P1', 'Q1']);
    const inside = await list(`polygon=${encodeURIComponent(AROUND_P1)}`);
    expect(inside).toMatchObject({ total: 1, assets: [{ native_pipe_id: 'P1' }] });
    const bare2 = await get(h, `/api/datasets/${bare.datasetId}/assets?sort=-lof_12,id`);
    expect(bare2.json().assets.map((a: { lof_12: unknown }) => a.lof_12)).toEqual([null, null, null, null]);
  });

  it('answers 400 VALIDATION naming the field for a bad polygon, sort or ids', async () => {
    for (const [query, field] of [
      ['polygon=POLYGON((1 2, 3 4', 'polygon'],
      ['polygon=LINESTRING(139.93 37.49,139.94 37.5)', 'polygon'],
      ['polygon=POLYGON((500 0,501 0,501 1,500 1,500 0))', 'polygon'],
      ['sort=-password', 'sort.0'],
      ['ids=1,x', 'ids'],
      ['limit=0', 'limit'],
    ] as const) {
      const res = await get(h, `/api/datasets/${us.datasetId}/assets?${query.replaceAll(' ', '%20')}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(
        res.json().fields.map((e: { field: string }) => e.field),
        query,
      ).toContain(field);
    }
  });

  it("answers 404 for another client's dataset and for unknown pipes", async () => {
    for (const url of [
      `/api/datasets/${jp.datasetId}/assets/${jp.pipes['P1']}`,
      `/api/datasets/${jp.datasetId}/assets/search?q=P1`,
      `/api/datasets/${jp.datasetId}/assets`,
      `/api/datasets/${us.datasetId}/assets/${jp.pipes['P1']}`,
      `/api/datasets/999999/assets`,
    ]) {
      const res = await get(h, url, ADMIN);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});
