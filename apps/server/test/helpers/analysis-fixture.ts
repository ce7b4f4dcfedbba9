// A small dataset with a COMPLETE analysis written straight into the result tables (no analysis job): four pipes
// on two valve isolation segments, two valves, a mesh cell and a district, and datasets.analysis_id pointing at
// the analysis. P1 and P2 form segment 0 (valves V1, V2; V2 to close), P10 and Q1 segment 1. P2 misses install
// year and diameter (imputed 1965 / 100 mm). The mesh cell M1 has results, the district D1 none.
import { sql } from 'drizzle-orm';
import { withSystem, type Db } from '../../src/db/database.ts';
import {
  createGroup,
  createVersion,
  promoteVersion,
  refreshSummary,
} from '../../src/modules/network/versions.ts';
import {
  insertAreas,
  insertPipes,
  insertValves,
  type PipeInput,
} from '../../src/modules/network/write-layers.ts';

export interface AnalysisFixture {
  datasetId: number;
  groupId: number;
  /** Null when built with `analysis: false`. */
  analysisId: number | null;
  pipes: Record<string, number>;
  valves: Record<string, number>;
  areas: Record<string, number>;
}

const X = 139.93;
const Y = 37.495;
const line = (i: number) => ({
  type: 'LineString' as const,
  coordinates: [
    [X + i * 0.001, Y],
    [X + (i + 1) * 0.001, Y],
  ],
});
const square = (x0: number, x1: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [x0, Y - 0.001],
      [x1, Y - 0.001],
      [x1, Y + 0.001],
      [x0, Y + 0.001],
      [x0, Y - 0.001],
    ],
  ],
});

const PIPES: PipeInput[] = [
  {
    native_pipe_id: 'P1',
    geom: line(0),
    length_m: 88,
    diameter_mm: 150,
    install_year: 1970,
    material_type_code: 0,
    address: '1 Main St',
  },
  {
    native_pipe_id: 'P2',
    geom: line(1),
    length_m: 90,
    diameter_mm: null,
    install_year: null,
    material_type_code: 8,
  },
  {
    native_pipe_id: 'P10',
    geom: line(2),
    length_m: 91,
    diameter_mm: 200,
    install_year: 1990,
    material_type_code: 2,
  },
  {
    native_pipe_id: 'Q1',
    geom: line(3),
    length_m: 92,
    diameter_mm: 300,
    install_year: 2001,
    material_type_code: 9,
  },
];

const ids = async (tx: Db, query: ReturnType<typeof sql>) =>
  Object.fromEntries((await tx.execute(query)).rows.map((r) => [String(r['k']), Number(r['id'])]));

export const FIXTURE_LOF_CARD = {
  method: 'Gradient-boosted regression trees (fixture)',
  projectLof: 12.5,
  scoredAsOf: '2025-12-31',
  trainedThrough: '2024-12-31',
  backtests: [{ year: 2024, auc: 0.71 }],
};
export const FIXTURE_COF_SUMMARY = {
  scenarioName: 'Default (US)',
  scenarioType: 0,
  calculation: 'standard',
  currency: 'USD',
  levelBreaks: [1000, 2000, 3000, 4000],
  breLevelBreaks: [10, 20, 30, 40],
  hideEnvironment: false,
  totalCof: 10000,
  notes: [],
};

async function writeAnalysis(
  tx: Db,
  clientId: number,
  datasetId: number,
  f: Omit<AnalysisFixture, 'analysisId'>,
) {
  const a = await tx.execute(sql`
    INSERT INTO analyses (client_id, dataset_id, stage, progress, reason, seed, lof_card, impute_summary,
      vis_summary, cof_summary, timings, started_at, finished_at)
    VALUES (${clientId}, ${datasetId}, 'complete', 100, 'seed', 1, ${JSON.stringify(FIXTURE_LOF_CARD)}::jsonb,
      '{"method":"fixture","imputed":{"installYear":1,"diameter":1}}'::jsonb, '{"segments":2}'::jsonb,
      ${JSON.stringify(FIXTURE_COF_SUMMARY)}::jsonb, '{"lof":1.5}'::jsonb,
      '2026-01-01T00:00:00Z', '2026-01-01T00:01:00Z')
    RETURNING id`);
  const analysisId = Number(a.rows[0]!['id']);
  const { P1, P2, P10, Q1 } = f.pipes as Record<'P1' | 'P2' | 'P10' | 'Q1', number>;
  const { V1, V2 } = f.valves as Record<'V1' | 'V2', number>;
  const result = (pipeId: number, seg: number, lof: number, cof: number, imputed = false) => sql`
    INSERT INTO pipe_results (analysis_id, pipe_id, client_id, dataset_id, segment_id, lof_12, lof_24, lof_36,
      lof_60, lof_absolute, cum_breaks, rank_12, rank_24, rank_36, rank_60, risk_drivers, rul, population,
      rate_of_change, cof_total, cof_level, cof, bre, bre_level
      ${imputed ? sql`, install_year_status, imputed_install_year, imputed_diameter, diameter_likelihood` : sql``})
    VALUES (${analysisId}, ${pipeId}, ${clientId}, ${datasetId}, ${seg}, ${lof}, ${lof * 2}, ${lof * 3}, ${lof * 4},
      ${JSON.stringify({ 12: lof, 24: lof * 2, 36: lof * 3, 60: lof * 4 })}::jsonb,
      ${JSON.stringify({ 12: 0.5, 24: 0.6, 36: 0.7, 60: 0.8 })}::jsonb, ${lof * 100}, 20, 30, 40,
      ARRAY[1, 2, 15]::smallint[], 42, '{"2030": 120, "2040": 110}'::jsonb, '{"2030": 0, "2040": -0.8}'::jsonb,
      ${cof}, 3, ${JSON.stringify({ direct: cof * 0.6, standardRepair: cof * 0.5, indirect: cof * 0.4, noWater: 1, custom: 0 })}::jsonb,
      ${lof * cof}, 2 ${imputed ? sql`, 1, 1965, 100, '{"100": 0.7, "150": 0.3}'::jsonb` : sql``})`;
  await tx.execute(result(P1, 0, 0.1, 1000));
  await tx.execute(result(P2, 0, 0.3, 3000, true));
  await tx.execute(result(P10, 1, 0.2, 2000));
  await tx.execute(result(Q1, 1, 0.05, 4000));
  const segment = (seg: number, pipes: string, valves: number[], toClose: number[]) => sql`
    INSERT INTO vis_segments (analysis_id, segment_id, client_id, dataset_id, geom, install_year, breaks, pipes,
      valves, length_m, population, projected_population, lof_12, lof, expected_breaks_per_km, valve_ids,
      valves_to_close, inoperable_valve_ids)
    SELECT ${analysisId}, ${seg}, ${clientId}, ${datasetId}, ST_Multi(ST_Union(geom)), 1970, 3, 2,
      ${valves.length}, sum(length_m), 230, '{"2030": 230}'::jsonb, 0.37, '{"12": 0.37, "60": 0.8}'::jsonb,
      '{"12": 1.2, "60": null}'::jsonb, ${`{${valves.join(',')}}`}::bigint[], ${`{${toClose.join(',')}}`}::bigint[],
      '{}'::bigint[]
    FROM pipes WHERE dataset_id = ${datasetId} AND native_pipe_id IN (${sql.raw(pipes)})`;
  await tx.execute(segment(0, `'P1','P2'`, [V1, V2], [V2]));
  await tx.execute(segment(1, `'P10','Q1'`, [V2], [V2]));
  // M1 ∋ P1, P2: 1 − 0.9 × 0.7, 0.1 + 0.3 expected breaks, none at BRE level 4 or 5.
  await tx.execute(sql`
    INSERT INTO area_results (analysis_id, area_id, client_id, dataset_id, pipes, length_m, lof_12,
      expected_breaks_12, top_risk_length_m, risk_drivers)
    VALUES (${analysisId}, ${f.areas['M1']!}, ${clientId}, ${datasetId}, 2, 178, 0.37, 0.4, 0,
      ARRAY[1, 15]::smallint[])`);
  await tx.execute(sql`UPDATE datasets SET analysis_id = ${analysisId}, status = 1 WHERE id = ${datasetId}`);
  return analysisId;
}

export async function buildAnalysisFixture(
  db: Db,
  opts: { clientId: number; name?: string; analysis?: boolean },
): Promise<AnalysisFixture> {
  return withSystem(db, async (tx) => {
    const { clientId } = opts;
    const groupId = await createGroup(tx, { clientId, name: opts.name ?? 'Fixture mains', userId: null });
    const v = await createVersion(tx, { clientId, groupId, replaced: [] });
    const target = { clientId, datasetId: v.datasetId };
    await insertPipes(tx, target, PIPES);
    await insertValves(tx, target, [
      {
        native_valve_id: 'V1',
        native_pipe_id: 'P1',
        install_year: 1970,
        valve_type: 'gate',
        diameter_mm: 150,
        normally_closed: false,
        operable: true,
        geom: { type: 'Point', coordinates: [X, Y] },
      },
      {
        native_valve_id: 'V2',
        native_pipe_id: 'P10',
        install_year: 1990,
        valve_type: 'gate',
        diameter_mm: 200,
        normally_closed: false,
        operable: true,
        geom: { type: 'Point', coordinates: [X + 0.002, Y] },
      },
    ]);
    await insertAreas(tx, target, 'mesh', [
      { native_id: 'M1', name: 'Cell 1', geom: square(X - 0.0005, X + 0.0015) },
    ]);
    await insertAreas(tx, target, 'district', [
      { native_id: 'D1', name: 'North', geom: square(X + 0.0035, X + 0.005) },
    ]);
    await refreshSummary(tx, v.datasetId);
    // After the summary, which counts breaks from the (empty) breaks layer.
    await tx.execute(
      sql`UPDATE pipes SET break_count = 2 WHERE dataset_id = ${v.datasetId} AND native_pipe_id = 'P1'`,
    );
    await promoteVersion(tx, v.snapshotId);
    const f = {
      datasetId: v.datasetId,
      groupId,
      pipes: await ids(tx, sql`SELECT native_pipe_id AS k, id FROM pipes WHERE dataset_id = ${v.datasetId}`),
      valves: await ids(
        tx,
        sql`SELECT native_valve_id AS k, id FROM valves WHERE dataset_id = ${v.datasetId}`,
      ),
      areas: await ids(tx, sql`SELECT native_id AS k, id FROM areas WHERE dataset_id = ${v.datasetId}`),
    };
    const analysisId = opts.analysis === false ? null : await writeAnalysis(tx, clientId, v.datasetId, f);
    return { ...f, analysisId };
  });
}
