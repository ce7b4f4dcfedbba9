// A hand-made network for the report tests (apps/server/test/reports.routes.test.ts), small enough to compute every
// report by hand: seven pipes in a row along a parallel, six breaks, two mesh cells and a district, and one
// COMPLETE analysis written straight into pipe_results / area_results with round numbers.
//
//  pipe  len  analysed: mat  dia    year | breaks | lof12  lof24  abs12  abs24  drivers | cof   lvl | bre   lvl
//  P1    100            1    100    1965 |   2    | 0.005  0.01   0.006  0.012  [3,1]   | 160   1   | 0.8   1
//  P2    200            1    101.6  1968 |   0    | 0.01   0.02   0.011  0.022  [1]     | 300   2   | 3     2
//  P3    300            2    250    1972 |   1    | 0.04   0.08   0.045  0.09   [1,3]   | 400   3   | 16    3
//  P4    400            2    762    1985 |   1    | 0.12   0.24   0.13   0.26   [5,1]   | 1000  5   | 120   4
//  P5    500            –    –      –    |   0    | –      –      –      –      –       | 40    1   | –     –
//  P6    600  ABANDONED 3    150    1999 |   1    | 0.3    0.6    0.35   0.9    [9]     | 900   5   | 270   5
//  P7    700            3    609.6  2001 |   0    | 0.3    0.6    (none: −ln(1 − lof))  [3] | 1000  5   | 300   5
//
// P1's pipes row has no diameter or install year (imputed 100 mm / 1965 in pipe_results); P5 has a material in the
// pipes row (9) that the analysis did not keep: reports read the analysed values. One more break has no pipe
// (2000-01-01), so the record runs 2000-01-01 → 2020-01-01 = 7305 days = 20 years.
// Areas: mesh M1 holds the midpoints of P1–P3, M2 those of P4–P7, district D1 those of P3 and P4.
import { cofFactorGroups } from '@pipewise/engine';
import { sql } from 'drizzle-orm';
import { withSystem, type Db } from '../../src/db/database.ts';
import {
  createGroup,
  createVersion,
  matchBreaks,
  promoteVersion,
  refreshSummary,
} from '../../src/modules/network/versions.ts';
import { insertAreas, insertBreaks, insertPipes } from '../../src/modules/network/write-layers.ts';

/** COF breakdown per pipe (keys of packages/engine CofDetails). */
interface Cof {
  standardRepair: number;
  intenseRepair: number;
  propertyDamage: number;
  criticalFacilities: number;
  trafficDisruption: number;
  environment: number;
  noWater: number;
  custom: number;
}

interface FixturePipe {
  id: string;
  len: number;
  abandoned?: boolean;
  provided: { mat: number | null; dia: number | null; year: number | null };
  analysed: { mat: number | null; dia: number | null; year: number | null };
  lof: { 12: number; 24: number } | null;
  abs: { 12: number; 24: number } | null;
  drivers: number[] | null;
  rank12: number | null;
  cof: Cof;
  cofLevel: number;
  bre: number | null;
  breLevel: number | null;
}

const c = (o: Partial<Cof>): Cof => ({
  standardRepair: 0,
  intenseRepair: 0,
  propertyDamage: 0,
  criticalFacilities: 0,
  trafficDisruption: 0,
  environment: 0,
  noWater: 0,
  custom: 0,
  ...o,
});

export const REPORT_PIPES: FixturePipe[] = [
  {
    id: 'P1',
    len: 100,
    provided: { mat: 1, dia: null, year: null },
    analysed: { mat: 1, dia: 100, year: 1965 },
    lof: { 12: 0.005, 24: 0.01 },
    abs: { 12: 0.006, 24: 0.012 },
    drivers: [3, 1],
    rank12: 10,
    // direct 110 + 20 = 130, indirect 10 + 5 + 15 = 30, total 160
    cof: c({ standardRepair: 110, propertyDamage: 20, trafficDisruption: 10, environment: 5, noWater: 15 }),
    cofLevel: 1,
    bre: 0.8,
    breLevel: 1,
  },
  {
    id: 'P2',
    len: 200,
    provided: { mat: 1, dia: 101.6, year: 1968 },
    analysed: { mat: 1, dia: 101.6, year: 1968 },
    lof: { 12: 0.01, 24: 0.02 },
    abs: { 12: 0.011, 24: 0.022 },
    drivers: [1],
    rank12: 20,
    // direct 200 + 40 = 240, indirect 10 + 10 + 40 = 60, total 300
    cof: c({ intenseRepair: 200, propertyDamage: 40, criticalFacilities: 10, environment: 10, noWater: 40 }),
    cofLevel: 2,
    bre: 3,
    breLevel: 2,
  },
  {
    id: 'P3',
    len: 300,
    provided: { mat: 2, dia: 250, year: 1972 },
    analysed: { mat: 2, dia: 250, year: 1972 },
    lof: { 12: 0.04, 24: 0.08 },
    abs: { 12: 0.045, 24: 0.09 },
    drivers: [1, 3],
    rank12: 60,
    // direct 200 + 30 = 230, indirect 20 + 50 = 70, custom 100, total 400
    cof: c({ standardRepair: 200, propertyDamage: 30, trafficDisruption: 20, noWater: 50, custom: 100 }),
    cofLevel: 3,
    bre: 16,
    breLevel: 3,
  },
  {
    id: 'P4',
    len: 400,
    provided: { mat: 2, dia: 762, year: 1985 },
    analysed: { mat: 2, dia: 762, year: 1985 },
    lof: { 12: 0.12, 24: 0.24 },
    abs: { 12: 0.13, 24: 0.26 },
    drivers: [5, 1],
    rank12: 80,
    // direct 500 + 100 = 600, indirect 200 + 50 + 50 + 100 = 400, total 1000
    cof: c({
      standardRepair: 500,
      propertyDamage: 100,
      criticalFacilities: 200,
      trafficDisruption: 50,
      environment: 50,
      noWater: 100,
    }),
    cofLevel: 5,
    bre: 120,
    breLevel: 4,
  },
  {
    id: 'P5',
    len: 500,
    provided: { mat: 9, dia: null, year: null },
    analysed: { mat: null, dia: null, year: null },
    lof: null,
    abs: null,
    drivers: null,
    rank12: null,
    // direct 40, total 40
    cof: c({ standardRepair: 40 }),
    cofLevel: 1,
    bre: null,
    breLevel: null,
  },
  {
    id: 'P6',
    len: 600,
    abandoned: true,
    provided: { mat: 3, dia: 150, year: 1999 },
    analysed: { mat: 3, dia: 150, year: 1999 },
    lof: { 12: 0.3, 24: 0.6 },
    abs: { 12: 0.35, 24: 0.9 },
    drivers: [9],
    rank12: 99,
    // Results of a run before the pipe was marked abandoned (a pipe edit): stale, and in no report.
    cof: c({ standardRepair: 900 }),
    cofLevel: 5,
    bre: 270,
    breLevel: 5,
  },
  {
    id: 'P7',
    len: 700,
    provided: { mat: 3, dia: 609.6, year: 2001 },
    analysed: { mat: 3, dia: 609.6, year: 2001 },
    lof: { 12: 0.3, 24: 0.6 },
    abs: null,
    drivers: [3],
    rank12: 95,
    // direct 600 + 100 = 700, indirect 100 + 100 + 100 = 300, total 1000
    cof: c({
      standardRepair: 600,
      propertyDamage: 100,
      trafficDisruption: 100,
      environment: 100,
      noWater: 100,
    }),
    cofLevel: 5,
    bre: 300,
    breLevel: 5,
  },
];

const BREAKS: [string | null, string][] = [
  [null, '2000-01-01'],
  ['P1', '2010-01-01'],
  ['P1', '2015-06-01'],
  ['P3', '2012-03-01'],
  ['P4', '2020-01-01'],
  ['P6', '2018-01-01'],
];

const X = 139.93;
const Y = 37.495;
const STEP = 0.001;
/** Pipe i runs from X + i·STEP to X + (i + 1)·STEP with a vertex half-way: ST_PointOnSurface is that vertex. */
const line = (i: number) => ({
  type: 'LineString' as const,
  coordinates: [
    [X + i * STEP, Y],
    [X + (i + 0.5) * STEP, Y],
    [X + (i + 1) * STEP, Y],
  ],
});
const box = (x0: number, x1: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [X + x0 * STEP, Y - STEP],
      [X + x1 * STEP, Y - STEP],
      [X + x1 * STEP, Y + STEP],
      [X + x0 * STEP, Y + STEP],
      [X + x0 * STEP, Y - STEP],
    ],
  ],
});

export interface ReportFixture {
  datasetId: number;
  groupId: number;
  analysisId: number | null;
  pipes: Record<string, number>;
  areas: Record<string, number>;
  scenarioId: number | null;
}

export const SCENARIO_NAME = 'Fixture tariffs 2026';

function resultRow(
  tx: Db,
  t: { clientId: number; datasetId: number; analysisId: number },
  id: number,
  p: FixturePipe,
) {
  return tx.execute(sql`
    INSERT INTO pipe_results (analysis_id, pipe_id, client_id, dataset_id, install_year, material_type_code,
      diameter_mm, lof_12, lof_24, lof_absolute, rank_12, risk_drivers, cof_total, cof_level, cof, cof_factors, bre,
      bre_level)
    VALUES (${t.analysisId}, ${id}, ${t.clientId}, ${t.datasetId}, ${p.analysed.year}, ${p.analysed.mat},
      ${p.analysed.dia}, ${p.lof?.[12] ?? null}, ${p.lof?.[24] ?? null},
      ${p.abs ? JSON.stringify(p.abs) : null}::jsonb, ${p.rank12},
      ${p.drivers ? `{${p.drivers.join(',')}}` : null}::smallint[],
      ${Object.values(p.cof).reduce((a, b) => a + b, 0)}, ${p.cofLevel},
      ${JSON.stringify({
        ...p.cof,
        direct: p.cof.standardRepair + p.cof.intenseRepair + p.cof.propertyDamage,
        indirect: p.cof.noWater + p.cof.trafficDisruption + p.cof.criticalFacilities + p.cof.environment,
      })}::jsonb, ${`{${cofFactorGroups({ ...p.cof }).join(',')}}`}::float8[], ${p.bre}, ${p.breLevel})`);
}

async function writeAnalysis(
  tx: Db,
  f: {
    clientId: number;
    datasetId: number;
    groupId: number;
    pipes: Record<string, number>;
    areas: Record<string, number>;
  },
  withScenario: boolean,
) {
  let scenarioId: number | null = null;
  if (withScenario) {
    const s = await tx.execute(sql`
      INSERT INTO cof_scenarios (client_id, snapshot_group_id, name, enabled, country, scenario)
      VALUES (${f.clientId}, ${f.groupId}, ${SCENARIO_NAME}, true, 'US', '{}'::jsonb) RETURNING id`);
    scenarioId = Number(s.rows[0]!['id']);
  }
  // The US analysis records its currency as the COF stage does; the other records none (country default).
  const summary = withScenario ? JSON.stringify({ currency: 'USD' }) : null;
  const a = await tx.execute(sql`
    INSERT INTO analyses (client_id, dataset_id, stage, progress, reason, seed, cof_scenario_id, cof_summary,
      started_at, finished_at)
    VALUES (${f.clientId}, ${f.datasetId}, 'complete', 100, 'seed', 1, ${scenarioId}, ${summary}::jsonb,
      '2026-01-01T00:00:00Z', '2026-01-01T00:05:00Z')
    RETURNING id`);
  const analysisId = Number(a.rows[0]!['id']);
  const t = { clientId: f.clientId, datasetId: f.datasetId, analysisId };
  for (const p of REPORT_PIPES) await resultRow(tx, t, f.pipes[p.id]!, p);
  const area = (
    key: string,
    pipes: number,
    len: number,
    lof: number,
    drivers: string,
    cof: number,
    bre: number,
    expected: number,
    topRiskM: number,
  ) =>
    sql`
    INSERT INTO area_results (analysis_id, area_id, client_id, dataset_id, pipes, length_m, lof_12, risk_drivers,
      total_cof, total_bre, expected_breaks_12, top_risk_length_m)
    VALUES (${analysisId}, ${f.areas[key]!}, ${f.clientId}, ${f.datasetId}, ${pipes}, ${len}, ${lof},
      ${drivers}::smallint[], ${cof}, ${bre}, ${expected}, ${topRiskM})`;
  // As the analysis stores them (non-abandoned members): M1 ∋ P1, P2, P3: COF 160 + 300 + 400, BRE .8 + 3 + 16;
  // M2 ∋ P4, P5, P7 (P6 abandoned): COF 1000 + 40 + 1000, BRE 120 + 300. D1 has no row, as an area the run did
  // not reach. Expected breaks in 12 months and the length at BRE level 4–5 are round figures, not derived.
  await tx.execute(area('M1', 3, 600, 0.054, '{1,3}', 860, 19.8, 0.06, 150));
  await tx.execute(area('M2', 3, 1600, 0.38, '{3,5}', 2040, 420, 0.5, 800));
  await tx.execute(
    sql`UPDATE datasets SET analysis_id = ${analysisId}, status = 0 WHERE id = ${f.datasetId}`,
  );
  return { analysisId, scenarioId };
}

const idsOf = async (tx: Db, query: ReturnType<typeof sql>) =>
  Object.fromEntries((await tx.execute(query)).rows.map((r) => [String(r['k']), Number(r['id'])]));

export function buildReportFixture(
  db: Db,
  opts: { clientId: number; analysis?: boolean; scenario?: boolean },
): Promise<ReportFixture> {
  return withSystem(db, async (tx) => {
    const { clientId } = opts;
    const groupId = await createGroup(tx, { clientId, name: 'Report mains', userId: null });
    const v = await createVersion(tx, { clientId, groupId, replaced: [] });
    const target = { clientId, datasetId: v.datasetId };
    await insertPipes(
      tx,
      target,
      REPORT_PIPES.map((p, i) => ({
        native_pipe_id: p.id,
        geom: line(i),
        length_m: p.len,
        diameter_mm: p.provided.dia,
        install_year: p.provided.year,
        material_type_code: p.provided.mat,
        abandoned: p.abandoned ?? false,
      })),
    );
    await insertBreaks(
      tx,
      target,
      BREAKS.map(([pipe, date]) => ({ native_pipe_id: pipe, break_date: date, geom: null })),
    );
    await insertAreas(tx, target, 'mesh', [
      { native_id: 'M1', name: 'Cell west', geom: box(-0.5, 3) },
      { native_id: 'M2', name: 'Cell east', geom: box(3, 7.5) },
    ]);
    await insertAreas(tx, target, 'district', [{ native_id: 'D1', name: 'Middle', geom: box(2, 4) }]);
    await matchBreaks(tx, v.datasetId, 10);
    await refreshSummary(tx, v.datasetId);
    await promoteVersion(tx, v.snapshotId);
    const f = {
      clientId,
      datasetId: v.datasetId,
      groupId,
      pipes: await idsOf(
        tx,
        sql`SELECT native_pipe_id AS k, id FROM pipes WHERE dataset_id = ${v.datasetId}`,
      ),
      areas: await idsOf(tx, sql`SELECT native_id AS k, id FROM areas WHERE dataset_id = ${v.datasetId}`),
    };
    if (opts.analysis === false) return { ...f, analysisId: null, scenarioId: null };
    const { analysisId, scenarioId } = await writeAnalysis(tx, f, opts.scenario ?? false);
    return { ...f, analysisId, scenarioId };
  });
}
