// Reports of docs/api-reports.md (spec 001 §7 'Reports', §9; CHECKLIST RPT-03..11) on both backends, against the
// hand-made network of helpers/reports-fixture.ts, whose table is the input of every figure below. Lengths in m,
// money in the fixture's units; "served" pipes are P1–P5 and P7 (P6 is abandoned: in no report).
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import {
  COF_REPORT_CATEGORIES,
  BRE_REPORT_CATEGORIES,
  REPORT_CATEGORIES,
  reportResponseSchema,
  riskDriverName,
} from '@pipewise/domain';
import { withSystem } from '../src/db/database.ts';
import { ADMIN, forEachBackend, type Harness } from './helpers/harness.ts';
import { plannerCall as callAs } from './helpers/planner.ts';
import { reportQuery } from './helpers/report-query.ts';
import { buildReportFixture, SCENARIO_NAME, type ReportFixture } from './helpers/reports-fixture.ts';

const near = (x: number) => expect.closeTo(x, 6);
/** Breaks per 100 km per year over the fixture's 20-year record: breaks ÷ (m / 100,000) ÷ 20. */
const rate = (breaks: number, metres: number) => near(breaks / (metres / 100_000) / 20);
const en = (code: number) => riskDriverName(code, 'en');
const zeros8 = [0, 0, 0, 0, 0, 0, 0, 0];

const rows = async (h: Harness, q: ReturnType<typeof sql>) =>
  withSystem(h.database.db, async (tx) => (await tx.execute(q)).rows);

forEachBackend('report routes', (h) => {
  let us: ReportFixture;
  let empty: ReportFixture;
  const call = callAs(h);
  const report = reportQuery(h);
  const results = async (query: string, email = ADMIN) => (await report(us.datasetId, query, email)).results;

  beforeAll(async () => {
    us = await buildReportFixture(h.database.db, { clientId: 1, scenario: true });
    empty = await buildReportFixture(h.database.db, { clientId: 1 });
    await rows(h, sql`DELETE FROM pipe_results WHERE analysis_id = ${empty.analysisId}`);
    await rows(h, sql`DELETE FROM area_results WHERE analysis_id = ${empty.analysisId}`);
  });

  it('heads the report with the dataset, the served analysis and its COF scenario (RPT-05)', async () => {
    const r = await report(us.datasetId, 'categories=length_by_material');
    expect(r).toMatchObject({
      dataset_id: us.datasetId,
      analysis_id: us.analysisId,
      computed_at: '2026-01-01T00:05:00.000Z',
      scenario: { id: us.scenarioId, name: SCENARIO_NAME },
      currency: 'USD',
      horizon: 12,
      hides_environment: false,
    });
    expect(r.dataset_name).toEqual(expect.any(String));
    expect(Object.keys(r.results)).toEqual(['length_by_material']);
  });

  it('names a prior LOF (no break history, issue 39) in the heading, and none without a LOF', async () => {
    const setCard = (card: object) =>
      rows(h, sql`UPDATE analyses SET lof_card = ${JSON.stringify(card)}::jsonb WHERE id = ${us.analysisId}`);
    const [{ lof_card: stored }] = (await rows(
      h,
      sql`SELECT lof_card::text AS lof_card FROM analyses WHERE id = ${us.analysisId}`,
    )) as [{ lof_card: string | null }];
    try {
      await setCard({ method: 'Gradient-boosted regression trees', backtests: [] });
      expect((await report(us.datasetId, 'categories=length_by_material')).lof_source).toBe('utility');
      await setCard({ prior: true, method: 'Prior: published North American break rates', backtests: [] });
      expect((await report(us.datasetId, 'categories=length_by_material')).lof_source).toBe('prior');
      await setCard({ unavailable: 'the dataset has no break record linked to its pipes' });
      expect((await report(us.datasetId, 'categories=length_by_material')).lof_source).toBeNull();
    } finally {
      await rows(h, sql`UPDATE analyses SET lof_card = ${stored}::jsonb WHERE id = ${us.analysisId}`);
    }
  });

  it('lengths by analysed material, diameter tier and install year, abandoned pipes left out (RPT-06)', async () => {
    const r = await results('categories=length_by_material,length_by_diameter,length_by_install_year');
    const g = (key: string | null, pipes: number, length_m: number) => ({
      key,
      pipes,
      length_m,
      breaks: null,
      breaks_per_100km_year: null,
    });
    // material 1: P1 100 + P2 200; 2: P3 300 + P4 400; 3: P7 700 (P6 abandoned); unknown: P5 500 (its provided 9
    // was not kept by the analysis).
    expect(r.length_by_material).toEqual([g('1', 2, 300), g('2', 2, 700), g('3', 1, 700), g(null, 1, 500)]);
    // Tiers, [lower, upper) in mm: P1 100 < 101.6 → d1; P2 101.6 = 4 in → d2; P3 250 in [203.2, 406.4) → d3;
    // P7 609.6 = 24 in → d5; P4 762 = 30 in → d6; none in d4; P5 no diameter → null.
    expect(r.length_by_diameter).toEqual([
      g('d1', 1, 100),
      g('d2', 1, 200),
      g('d3', 1, 300),
      g('d5', 1, 700),
      g('d6', 1, 400),
      g(null, 1, 500),
    ]);
    // P1's install year is the imputed 1965.
    expect(r.length_by_install_year).toEqual([
      g('1965', 1, 100),
      g('1968', 1, 200),
      g('1972', 1, 300),
      g('1985', 1, 400),
      g('2001', 1, 700),
      g(null, 1, 500),
    ]);
  });

  it('breaks per group and per 100 km per year over the 20-year record (RPT-06)', async () => {
    const r = await results('categories=breaks_by_material,breaks_by_install_year,breaks_by_decade');
    const g = (key: string | null, pipes: number, length_m: number, breaks: number) => ({
      key,
      pipes,
      length_m,
      breaks,
      breaks_per_100km_year: rate(breaks, length_m),
    });
    // Breaks on P1 ×2, P3, P4 (P6's is abandoned, one is on no pipe: both only stretch the record,
    // 2000-01-01 → 2020-01-01 = 7305 days = 20 years). Material 1: 2 ÷ 0.003 ÷ 20 = 33.33; 2: 2 ÷ 0.007 ÷ 20.
    expect(r.breaks_by_material).toEqual([
      g('1', 2, 300, 2),
      g('2', 2, 700, 2),
      g('3', 1, 700, 0),
      g(null, 1, 500, 0),
    ]);
    expect(r.breaks_by_install_year).toEqual([
      g('1965', 1, 100, 2), // 2 ÷ 0.001 ÷ 20 = 100
      g('1968', 1, 200, 0),
      g('1972', 1, 300, 1),
      g('1985', 1, 400, 1), // 1 ÷ 0.004 ÷ 20 = 12.5
      g('2001', 1, 700, 0),
      g(null, 1, 500, 0),
    ]);
    // 1960s: P1 + P2 (300 m, 2 breaks); 1970s: P3; 1980s: P4; 2000s: P7.
    expect(r.breaks_by_decade).toEqual([
      g('1960', 2, 300, 2),
      g('1970', 1, 300, 1),
      g('1980', 1, 400, 1),
      g('2000', 1, 700, 0),
      g(null, 1, 500, 0),
    ]);
    expect(r.breaks_by_install_year![0]!.breaks_per_100km_year).toBeCloseTo(100, 9);
  });

  it('LOF lengths by class, the length-weighted mean and the expected breaks at 12 months (RPT-07)', async () => {
    const r = await results(
      'categories=lof_length_absolute,lof_length_by_diameter,lof_length_by_material,lof_length_by_year,lof_length_by_decade',
    );
    // Classes (upper bounds .01 .03 .05 .1 .15 .2 .25 1.01): P1 .005 → 0, P2 .01 → 1 (not below its bound),
    // P3 .04 → 2, P4 .12 → 4, P7 .3 → 7; P5 has no LOF (in no class, but in the pipes and metres).
    // Mean = (.005·100 + .01·200 + .04·300 + .12·400 + .3·700) ÷ 1700 = 272.5 ÷ 1700.
    // Expected = .006 + .011 + .045 + .13 + (P7 has no lof_absolute: −ln(1 − .3) = .3566749).
    expect(r.lof_length_absolute).toEqual([
      {
        key: null,
        pipes: 6,
        length_m: 2200,
        length_by_class_m: [100, 200, 300, 0, 400, 0, 0, 700],
        mean_lof: near(272.5 / 1700),
        expected_breaks: near(0.192 - Math.log(0.7)),
      },
    ]);
    const one = (
      key: string | null,
      len: number,
      cls: number | null,
      lof: number | null,
      exp: number | null,
    ) => ({
      key,
      pipes: 1,
      length_m: len,
      length_by_class_m: zeros8.map((z, i) => (i === cls ? len : z)),
      mean_lof: lof === null ? null : near(lof),
      expected_breaks: exp === null ? null : near(exp),
    });
    expect(r.lof_length_by_diameter).toEqual([
      one('d1', 100, 0, 0.005, 0.006),
      one('d2', 200, 1, 0.01, 0.011),
      one('d3', 300, 2, 0.04, 0.045),
      one('d5', 700, 7, 0.3, -Math.log(0.7)),
      one('d6', 400, 4, 0.12, 0.13),
      one(null, 500, null, null, null),
    ]);
    // Material 1: P1 + P2, mean (.5 + 2) ÷ 300, expected .017; 2: P3 + P4, mean (12 + 48) ÷ 700, expected .175.
    const m1 = {
      pipes: 2,
      length_m: 300,
      length_by_class_m: [100, 200, 0, 0, 0, 0, 0, 0],
      mean_lof: near(2.5 / 300),
      expected_breaks: near(0.017),
    };
    expect(r.lof_length_by_material).toEqual([
      { key: '1', ...m1 },
      {
        key: '2',
        pipes: 2,
        length_m: 700,
        length_by_class_m: [0, 0, 300, 0, 400, 0, 0, 0],
        mean_lof: near(60 / 700),
        expected_breaks: near(0.175),
      },
      one('3', 700, 7, 0.3, -Math.log(0.7)),
      one(null, 500, null, null, null),
    ]);
    expect(r.lof_length_by_year).toEqual([
      one('1965', 100, 0, 0.005, 0.006),
      one('1968', 200, 1, 0.01, 0.011),
      one('1972', 300, 2, 0.04, 0.045),
      one('1985', 400, 4, 0.12, 0.13),
      one('2001', 700, 7, 0.3, -Math.log(0.7)),
      one(null, 500, null, null, null),
    ]);
    expect(r.lof_length_by_decade).toEqual([
      { key: '1960', ...m1 },
      one('1970', 300, 2, 0.04, 0.045),
      one('1980', 400, 4, 0.12, 0.13),
      one('2000', 700, 7, 0.3, -Math.log(0.7)),
      one(null, 500, null, null, null),
    ]);
  });

  it('reads the horizon asked for: lof_24 and the 24-month expectation', async () => {
    const r = await report(us.datasetId, 'categories=lof_length_absolute&horizon=24');
    expect(r.horizon).toBe(24);
    // P1 .01 → 1, P2 .02 → 1, P3 .08 → 3, P4 .24 → 6, P7 .6 → 7.
    // Mean = (1 + 4 + 24 + 96 + 420) ÷ 1700; expected = .012 + .022 + .09 + .26 − ln(1 − .6).
    expect(r.results.lof_length_absolute).toEqual([
      {
        key: null,
        pipes: 6,
        length_m: 2200,
        length_by_class_m: [0, 300, 0, 300, 0, 0, 400, 700],
        mean_lof: near(545 / 1700),
        expected_breaks: near(0.384 - Math.log(0.4)),
      },
    ]);
  });

  it('top risk drivers: the strongest driver weighted by pipe length (RPT-07)', async () => {
    const r = await results('categories=lof_top_risk_drivers');
    // First drivers: 3 on P1 (100) + P7 (700); 1 on P2 (200) + P3 (300); 5 on P4 (400). P6's 9 is abandoned.
    expect(r.lof_top_risk_drivers).toEqual([
      { code: 3, name: en(3), pipes: 2, length_m: 800 },
      { code: 1, name: en(1), pipes: 2, length_m: 500 },
      { code: 5, name: en(5), pipes: 1, length_m: 400 },
    ]);
  });

  it('COF averages per cost code, the total and the factor groups (RPT-08)', async () => {
    const r = await results('categories=cof_average,cof_total_average,cof_average_factors');
    // Six served pipes with a COF, 2200 m. total 160 + 300 + 400 + 1000 + 40 + 1000 = 2900;
    // direct 130 + 240 + 230 + 600 + 40 + 700 = 1940; indirect 30 + 60 + 70 + 400 + 0 + 300 = 860; custom 100.
    expect(r.cof_average).toEqual([
      { code: 8192, average: near(1940 / 6), total: 1940 },
      { code: 16384, average: near(860 / 6), total: 860 },
      { code: 24576, average: near(2900 / 6), total: 2900 },
      { code: 2048, average: near(100 / 6), total: 100 },
    ]);
    expect(r.cof_total_average).toEqual({ pipes: 6, length_m: 2200, average: near(2900 / 6), total: 2900 });
    // directStandard = standard + intense repair: 110 + 200 + 200 + 500 + 40 + 600 = 1650; property 20 + 40 + 30
    // + 100 + 100 = 290; facilities 10 + 200 = 210; traffic 10 + 20 + 50 + 100 = 180; environment 5 + 10 + 50 +
    // 100 = 165; no water 15 + 40 + 50 + 100 + 100 = 305; custom 100. They add up to 2900.
    const f = (factor: string, total: number) => ({
      factor,
      average: near(total / 6),
      total,
      share: near(total / 2900),
    });
    expect(r.cof_average_factors).toEqual([
      f('directStandard', 1650),
      f('propertyDamage', 290),
      f('criticalFacilities', 210),
      f('trafficDisruption', 180),
      f('environmental', 165),
      f('noWater', 305),
      f('custom', 100),
    ]);
  });

  it('COF distribution in 11 buckets of the highest value (RPT-13)', async () => {
    const r = await results('categories=cof_distribution');
    // Highest 1000: P5 40 → 0 %, P1 160 → 20 %, P2 300 → 30 %, P3 400 → 40 %, P4 and P7 1000 → 100 %.
    const count: Record<number, [number, number]> = {
      0: [1, 500],
      20: [1, 100],
      30: [1, 200],
      40: [1, 300],
      100: [2, 1100],
    };
    expect(r.cof_distribution).toEqual(
      [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((b) => ({
        bucket_percent: b,
        // Bucket b holds [b − 5 %, b + 5 %) of 1000; the first starts at 0, the last ends at 1000.
        from: near(Math.max(0, (b - 5) * 10)),
        to: near(Math.min(1000, (b + 5) * 10)),
        pipes: count[b]?.[0] ?? 0,
        length_m: count[b]?.[1] ?? 0,
        // 40 to 1000 spans 25 times over: the spec's linear scale.
        scale: 'linear',
      })),
    );
  });

  it('COF levels: 5 rank columns, empty level 4 as zeros, factor means per level (RPT-12)', async () => {
    const r = await results('categories=cof_top_average,cof_wide_distribution,cof_top_factors');
    // Level 1: P1 160 + P5 40 (600 m); 2: P2 300; 3: P3 400; 4: none; 5: P4 1000 + P7 1000 (1100 m).
    const columns = [
      { level: 1, pipes: 2, length_m: 600, average: 100, total: 200, min: 40, max: 160 },
      { level: 2, pipes: 1, length_m: 200, average: 300, total: 300, min: 300, max: 300 },
      { level: 3, pipes: 1, length_m: 300, average: 400, total: 400, min: 400, max: 400 },
      { level: 4, pipes: 0, length_m: 0, average: 0, total: 0, min: 0, max: 0 },
      { level: 5, pipes: 2, length_m: 1100, average: 1000, total: 2000, min: 1000, max: 1000 },
    ];
    expect(r.cof_top_average).toEqual(columns);
    expect(r.cof_wide_distribution).toEqual(columns);
    // directStandard: L1 (110 + 40) ÷ 2, L2 200, L3 200, L5 (500 + 600) ÷ 2; environmental: L1 (5 + 0) ÷ 2, L2 10,
    // L5 (50 + 100) ÷ 2; custom: only P3's 100 in L3.
    expect(r.cof_top_factors).toHaveLength(7);
    const byFactor = Object.fromEntries(r.cof_top_factors!.map((x) => [x.factor, x.average_by_level]));
    expect(byFactor['directStandard']).toEqual([75, 200, 200, 0, 550]);
    expect(byFactor['environmental']).toEqual([2.5, 10, 0, 0, 75]);
    expect(byFactor['custom']).toEqual([0, 0, 100, 0, 0]);
    expect(byFactor['criticalFacilities']).toEqual([0, 10, 0, 0, 100]); // L5 (200 + 0) ÷ 2
  });

  it('total risk: BRE sums, distribution, levels and each level’s factors (RPT-09)', async () => {
    const r = await results(
      'categories=total_risk_average,total_risk_distribution,total_risk_risk,total_risk_top',
    );
    // BRE of P1 .8, P2 3, P3 16, P4 120, P7 300 (P5 has no LOF, so no BRE): 439.8 over 1700 m.
    expect(r.total_risk_average).toEqual({
      pipes: 5,
      length_m: 1700,
      average: near(439.8 / 5),
      total: near(439.8),
    });
    // Issue 38: .8 to 300 spans 375 times over, so the buckets lie on a log scale from .8 to 300: the place of v is
    // ln(v / .8) / ln(375) — .8 → 0 %, 3 → 22 % → 20 %, 16 → 51 % → 50 %, 120 → 85 % → 80 %, 300 → 100 %. (On the
    // spec's linear scale two of the five shared the 0 % bucket and 120 and 16 looked alike.)
    const count: Record<number, [number, number]> = {
      0: [1, 100],
      20: [1, 200],
      50: [1, 300],
      80: [1, 400],
      100: [1, 700],
    };
    const at = (x: number) => 0.8 * 375 ** x;
    expect(r.total_risk_distribution).toEqual(
      [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((b) => ({
        bucket_percent: b,
        from: near(b === 0 ? 0 : at((b - 5) / 100)),
        to: near(b === 100 ? 300 : at((b + 5) / 100)),
        pipes: count[b]?.[0] ?? 0,
        length_m: count[b]?.[1] ?? 0,
        scale: 'log',
      })),
    );
    const one = (level: number, len: number, bre: number) => ({
      level,
      pipes: 1,
      length_m: len,
      average: near(bre),
      total: near(bre),
      min: near(bre),
      max: near(bre),
    });
    expect(r.total_risk_risk).toEqual([
      one(1, 100, 0.8),
      one(2, 200, 3),
      one(3, 300, 16),
      one(4, 400, 120),
      one(5, 700, 300),
    ]);
    const top = (level: number, len: number, lof: number, cof: number, bre: number) => ({
      level,
      pipes: 1,
      length_m: len,
      mean_lof: near(lof),
      mean_cof: cof,
      mean_bre: near(bre),
      total_bre: near(bre),
    });
    expect(r.total_risk_top).toEqual([
      top(1, 100, 0.005, 160, 0.8),
      top(2, 200, 0.01, 300, 3),
      top(3, 300, 0.04, 400, 16),
      top(4, 400, 0.12, 1000, 120),
      top(5, 700, 0.3, 1000, 300),
    ]);
  });

  it('BRE stays the stored 12-month figure at another horizon; only the mean LOF beside it moves', async () => {
    const r = (await report(us.datasetId, 'categories=total_risk_average,total_risk_top&horizon=60')).results;
    expect(r.total_risk_average!.total).toBeCloseTo(439.8, 9);
    // lof_60 is not in the fixture: no mean LOF at 60 months, BRE unchanged.
    expect(r.total_risk_top!.map((l) => [l.mean_lof, l.total_bre])).toEqual([
      [null, near(0.8)],
      [null, near(3)],
      [null, near(16)],
      [null, near(120)],
      [null, near(300)],
    ]);
  });

  it('areas: the aggregates the analysis stored, expected breaks, high-risk share, COF and BRE totals included', async () => {
    const r = await results('categories=area_mesh,area_district,area_custom_zone');
    // The fixture's stored rows (M1, M2); D1 has none, so nothing: 0 pipes, no LOF, no money.
    expect(r.area_mesh).toEqual([
      {
        area_id: us.areas['M1'],
        native_id: 'M1',
        name: 'Cell west',
        pipes: 3,
        length_m: 600,
        lof_12: 0.054,
        expected_breaks_12: near(0.06),
        top_risk_share: near(0.25),
        risk_driver_names: [en(1), en(3)],
        total_cof: 860,
        total_bre: near(19.8),
      },
      {
        area_id: us.areas['M2'],
        native_id: 'M2',
        name: 'Cell east',
        pipes: 3,
        length_m: 1600,
        lof_12: 0.38,
        expected_breaks_12: near(0.5),
        top_risk_share: near(0.5),
        risk_driver_names: [en(3), en(5)],
        total_cof: 2040,
        total_bre: near(420),
      },
    ]);
    expect(r.area_district).toEqual([
      {
        area_id: us.areas['D1'],
        native_id: 'D1',
        name: 'Middle',
        pipes: 0,
        length_m: 0,
        lof_12: null,
        expected_breaks_12: null,
        top_risk_share: null,
        risk_driver_names: [],
        total_cof: 0,
        total_bre: 0,
      },
    ]);
    expect(r.area_custom_zone).toEqual([]);
  });

  it('a family route answers every category of its family (RPT-10, RPT-11)', async () => {
    for (const [family, categories] of [
      ['cof', COF_REPORT_CATEGORIES],
      ['total-risk', BRE_REPORT_CATEGORIES],
    ] as const) {
      const res = await call('GET', `/api/datasets/${us.datasetId}/reports/${family}?horizon=24`, ADMIN);
      expect(res.statusCode, res.body).toBe(200);
      const body = reportResponseSchema.parse(res.json());
      expect(Object.keys(body.results).sort()).toEqual([...categories].sort());
      expect(body.horizon).toBe(24);
    }
    const lof = await call('GET', `/api/datasets/${us.datasetId}/reports/lof`, ADMIN);
    expect(lof.json().results.lof_length_absolute[0].length_m).toBe(2200);
    expect((await call('GET', `/api/datasets/${us.datasetId}/reports/planner`, ADMIN)).statusCode).toBe(400);
  });

  it('a dataset without pipes reports empty groups and zero totals, never NaN', async () => {
    const all = `categories=${REPORT_CATEGORIES.join(',')}`;
    expect(Object.keys((await report(us.datasetId, all)).results)).toHaveLength(REPORT_CATEGORIES.length);
    const e = (await report(empty.datasetId, all)).results;
    expect(e.length_by_material).toEqual([]);
    expect(e.lof_length_absolute).toEqual([]);
    expect(e.lof_top_risk_drivers).toEqual([]);
    expect(e.cof_total_average).toEqual({ pipes: 0, length_m: 0, average: 0, total: 0 });
    expect(e.cof_average_factors!.every((f) => f.total === 0 && f.share === 0)).toBe(true);
    expect(e.cof_distribution).toHaveLength(11);
    expect(e.cof_distribution!.every((b) => b.pipes === 0 && b.from === 0 && b.to === 0)).toBe(true);
    expect(e.total_risk_risk!.map((l) => l.pipes)).toEqual([0, 0, 0, 0, 0]);
    expect(e.total_risk_top!.map((l) => l.mean_lof)).toEqual([null, null, null, null, null]);
    expect(e.lof_highest).toEqual([]);
    // The areas are there, with nothing in them.
    expect(e.area_mesh!.map((a) => [a.pipes, a.total_cof, a.total_bre])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });
});
