// A pipe's corrected install year, material or diameter, scored in place in an analysis with its stored model
// (issue 14: "a pipe edit is cheap"): the pipe's LOF, RUL, rank, COF and BRE, its segment's LOF and the aggregates
// of the areas that hold it, then a new tile revision. Milliseconds of engine work and a few indexed queries instead
// of a whole analysis that retrained the model. Retraining stays the explicit Run analysis, the post-import run and
// the nightly sweep of edited datasets (analysis/nightly.ts). The engine's side and what an edit leaves for the next
// full analysis are in packages/engine pipeline/rescore.ts. Which analysis and when (the served one at the edit, or
// a run at its swap for the edits made while it ran) is pending-edits.ts.
//
// Where the stored figures cannot answer, the caller queues the whole analysis (the reason is logged and answered):
// no served run or no stored model (or one stored before RUL's fitted calibration), an abandoned pipe or one back in
// service (the network changes), a diameter in hydraulic COF (EPANET's outages change), a value with nothing to
// fall back to once its override is removed.
import {
  isRulCalibration,
  rankAmong,
  repriceCofPipe,
  rescorePipeLof,
  segmentLofs,
  shareAmong,
  areaResults,
  type CalculationKind,
  type DatasetPipe,
  type LofScoring,
  type PriorLofScoring,
  type PipeValues,
} from '@pipewise/engine';
import {
  LOF_MONTHS,
  LOF_RANK_OUT_OF_RANGE,
  type AssetEditFallback,
  type MaterialCode,
} from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { tileAccessChanged } from '../tiles/tile-access.ts';
import {
  rawJson as json,
  rawNumber as num,
  rawNumberArray as numArray,
  type RawRow as Row,
} from '../../db/raw-values.ts';
import { datasetPipeOf, enabledCofScenario, PIPE_INPUT_COLUMNS } from '../analysis/load-inputs.ts';
import { round, writeAreas, writeCofPipes, writeLof, type RunTarget } from '../analysis/write-results.ts';

const rows = async (tx: Db, query: ReturnType<typeof sql>) => (await tx.execute(query)).rows as Row[];
const first = async (tx: Db, query: ReturnType<typeof sql>) => (await rows(tx, query))[0];

export type RescoreOutcome =
  | { readonly rescored: true }
  | { readonly rescored: false; readonly code: AssetEditFallback; readonly why: string };
const isPrior = (scoring: LofScoring | PriorLofScoring): scoring is PriorLofScoring =>
  (scoring as Partial<PriorLofScoring>).prior === true;

const fallBack = (code: AssetEditFallback, why: string): RescoreOutcome => ({ rescored: false, code, why });

/** The three attributes an edit can correct: the override key, the pipes column and the pipe_results columns. */
const FIELDS = [
  {
    key: 'installYear',
    column: 'install_year',
    status: 'install_year_status',
    imputed: 'imputed_install_year',
  },
  {
    key: 'materialTypeCode',
    column: 'material_type_code',
    status: 'material_status',
    imputed: 'imputed_material',
  },
  { key: 'diameterMm', column: 'diameter_mm', status: 'diameter_status', imputed: 'imputed_diameter' },
] as const;

/** DATA_ORIGIN per value (preprocess.ts): 0 provided, 1 imputed, 2 the user's override. */
type Resolved = { values: PipeValues; status: Record<(typeof FIELDS)[number]['key'], 0 | 1 | 2> };

/** The values after the edit: the override, else the provided value, else the served imputation; null if none. */
function resolveValues(pipe: DatasetPipe, served: Row): Resolved | null {
  const values: Record<string, number | null> = {};
  const status: Record<string, 0 | 1 | 2> = {};
  for (const f of FIELDS) {
    const override = pipe.overrides[f.key];
    const provided = pipe[f.key];
    const imputed = num(served[f.imputed]);
    if (override !== undefined) [values[f.key], status[f.key]] = [override, 2];
    else if (provided !== null) [values[f.key], status[f.key]] = [provided, 0];
    else if (imputed !== null) [values[f.key], status[f.key]] = [imputed, 1];
    // The served run had this value overridden, so it imputed nothing for it: only an analysis can.
    else if (num(served[f.column]) !== null) return null;
    else [values[f.key], status[f.key]] = [null, 0];
  }
  return {
    values: {
      installYear: values['installYear']!,
      materialTypeCode: values['materialTypeCode'] as MaterialCode | null,
      diameterMm: values['diameterMm']!,
    },
    status: status as Resolved['status'],
  };
}

/**
 * Re-scores the pipe in the analysis `analysisId` of its dataset (the served one, or the run being swapped in),
 * inside the caller's transaction, after the edit is stored. The caller holds the dataset row and has checked that
 * no run will replace these results without the edit (pending-edits.ts).
 */
export async function rescorePipe(
  tx: Db,
  datasetId: number,
  analysisId: number,
  pipeId: number,
): Promise<RescoreOutcome> {
  const dataset = await first(
    tx,
    sql`SELECT d.client_id, c.country FROM datasets d JOIN clients c ON c.id = d.client_id
        WHERE d.id = ${datasetId}`,
  );
  const servedId = analysisId;
  const run = await first(tx, sql`SELECT lof_scoring, cof_summary FROM analyses WHERE id = ${servedId}`);
  const scoring =
    run?.['lof_scoring'] == null ? null : json<LofScoring | PriorLofScoring>(run['lof_scoring']);
  const cofSummary = run?.['cof_summary'] == null ? null : json<Record<string, unknown>>(run['cof_summary']);
  if (scoring === null || cofSummary === null)
    return fallBack('no_model', 'the analysis has no stored model');
  // A prior (no break history, engine lof/prior.ts) places the survey's rate at the network's mean age of each
  // material: an edit moves that for every pipe of the material, so the whole analysis scores it again.
  if (isPrior(scoring))
    return fallBack('prior_lof', 'the likelihood of failure is a prior: a whole analysis scores the edit');
  // A run stored before RUL had a fitted threshold and ageing law cannot age the pipe as its peers were.
  if (!isRulCalibration(scoring.rul))
    return fallBack('model_predates_rul', 'the analysis predates the RUL calibration');

  const pipeRow = await first(
    tx,
    sql`SELECT ${PIPE_INPUT_COLUMNS}, NULL AS rate_of_change FROM pipes p
        WHERE p.id = ${pipeId} AND p.dataset_id = ${datasetId}`,
  );
  const served = await first(
    tx,
    sql`SELECT * FROM pipe_results WHERE analysis_id = ${servedId} AND pipe_id = ${pipeId}`,
  );
  if (!pipeRow || !served) return fallBack('not_in_analysis', 'the pipe is not in the analysis');
  const pipe = datasetPipeOf(pipeRow, null);
  if (pipe.abandoned) return fallBack('abandoned', 'the pipe is abandoned');
  // The run left it out of the network (no segment, no LOF: preprocess.ts abandonedPipe): it was abandoned then.
  if (served['segment_id'] == null && served['lof_12'] == null)
    return fallBack('back_in_service', 'the pipe is back in service');
  const resolved = resolveValues(pipe, served);
  if (resolved === null)
    return fallBack('no_value', 'a removed override has no provided or imputed value to return to');
  const calculation = cofSummary['calculation'] as CalculationKind;
  const servedDiameter = num(served['diameter_mm']);
  if (calculation === 'hydraulic' && resolved.values.diameterMm !== servedDiameter)
    return fallBack('hydraulic_diameter', 'a diameter in hydraulic COF changes the simulated outages');

  const breakDates = await rows(
    tx,
    sql`SELECT break_date::text AS d FROM breaks WHERE dataset_id = ${datasetId} AND pipe_id = ${pipeId}`,
  );
  const lof = rescorePipeLof(
    scoring,
    pipe,
    resolved.values,
    breakDates.map((r) => Date.parse(`${String(r['d'])}T00:00:00Z`)),
  );
  const ranked = await rankAmongServed(tx, servedId, pipeId, lof.lofAbsolute);
  const areaIds = (
    await rows(
      tx,
      // A LATERAL probe, not a join (load-inputs.ts SPATIAL_JOIN_NOTE).
      sql`SELECT a.id FROM pipes p CROSS JOIN LATERAL (
            SELECT a.id FROM areas a
            WHERE a.dataset_id = ${datasetId} AND a.kind IN ('mesh', 'district', 'custom_zone')
              AND p.point && a.geom AND ST_Intersects(a.geom, p.point)
            OFFSET 0) a
          WHERE p.id = ${pipeId} ORDER BY a.id`,
    )
  ).map((r) => String(r['id']));
  const storedCof = json<Record<string, number>>(served['cof']) ?? {};
  // BRE from the 12-month LOF as stored, as the COF stage reads it (read-results.ts).
  const cof = repriceCofPipe(pipe, resolved.values, round(lof.lof?.['12']), areaIds, {
    scenario: (await enabledCofScenario(tx, datasetId))?.scenario ?? null,
    country: String(dataset!['country'] ?? 'US'),
    calculation,
    levelBreaks: cofSummary['levelBreaks'] as number[],
    breLevelBreaks: cofSummary['breLevelBreaks'] as number[],
    customersWithoutWater: storedCof['customersWithoutWater'] ?? 0,
    criticalFacilities: storedCof['criticalFacilities'] ?? 0,
    diameterMm: servedDiameter,
    // The outage's basis (segment, its customers, the segments cut off) is the stored one: an edit changes no valve.
    record: storedCof,
  });
  if (cof === null) return fallBack('outage_cannot_price', 'the stored outage cannot price the new diameter');

  const t: RunTarget = { clientId: Number(dataset!['client_id']), datasetId, analysisId: servedId };
  await tx.execute(sql`
    UPDATE pipe_results SET install_year = ${resolved.values.installYear},
      material_type_code = ${resolved.values.materialTypeCode}, diameter_mm = ${resolved.values.diameterMm},
      install_year_status = ${resolved.status.installYear}, material_status = ${resolved.status.materialTypeCode},
      diameter_status = ${resolved.status.diameterMm}
    WHERE analysis_id = ${servedId} AND pipe_id = ${pipeId}`);
  const segmentId = num(served['segment_id']);
  await writeLof(tx, t, {
    pipes: [{ ...lof, ...ranked }],
    segments: segmentId === null ? [] : await segmentLof(tx, servedId, segmentId, pipeId, lof),
    card: null,
  });
  await writeCofPipes(tx, t, [cof]);
  await writeAreas(tx, t, { areas: await areaAggregates(tx, servedId, datasetId, areaIds) }, { only: true });
  // The served run changed: its stored report answers go (report-summaries.ts computes them again on demand), the
  // tiles get a new revision and the map offers "Refresh map" (refresh_status LOF, spec §4).
  await tx.execute(sql`DELETE FROM report_summaries WHERE analysis_id = ${servedId}`);
  await tx.execute(sql`
    UPDATE datasets SET tile_revision = tile_revision + 1, refresh_status = 'LOF',
      edits_since_analysis = edits_since_analysis + 1, updated_at = now()
    WHERE id = ${datasetId}`);
  await tileAccessChanged(tx, { dataset: datasetId });
  return { rescored: true };
}

/**
 * The edited pipe's rank and cumulative break share per horizon among the served figures of every other pipe (one
 * indexed pass); the others keep theirs until the next analysis (each moves by at most one place).
 */
async function rankAmongServed(
  tx: Db,
  servedId: number,
  pipeId: number,
  expected: Readonly<Record<string, number>> | null,
): Promise<{ rank: Record<string, number>; cumBreaks: Record<string, number> | null }> {
  if (expected === null)
    return {
      rank: Object.fromEntries(LOF_MONTHS.map((m) => [String(m), LOF_RANK_OUT_OF_RANGE])),
      cumBreaks: null,
    };
  const own = (m: number) => expected[String(m)]!;
  const lofOf = (m: number) => 1 - Math.exp(-own(m));
  // Ranks compare the stored lof_h columns (real), so the new value is compared as a real too.
  const sums = LOF_MONTHS.map(
    (m) => sql`,
      count(*) FILTER (WHERE ${sql.identifier(`lof_${m}`)} > ${lofOf(m)}::real) AS ${sql.identifier(`riskier_${m}`)},
      sum((lof_absolute->>${String(m)})::float8) AS ${sql.identifier(`total_${m}`)},
      sum((lof_absolute->>${String(m)})::float8) FILTER (WHERE (lof_absolute->>${String(m)})::float8 >= ${own(m)})
        AS ${sql.identifier(`above_${m}`)}`,
  );
  const r = (await first(
    tx,
    sql`SELECT count(*) FILTER (WHERE lof_12 IS NOT NULL) AS scored ${sql.join(sums, sql``)}
        FROM pipe_results WHERE analysis_id = ${servedId} AND pipe_id <> ${pipeId}`,
  ))!;
  const scored = Number(r['scored']) + 1;
  return {
    rank: Object.fromEntries(
      LOF_MONTHS.map((m) => [String(m), rankAmong(Number(r[`riskier_${m}`]), scored)]),
    ),
    cumBreaks: Object.fromEntries(
      LOF_MONTHS.map((m) => [
        String(m),
        shareAmong(Number(r[`above_${m}`] ?? 0) + own(m), Number(r[`total_${m}`] ?? 0) + own(m)),
      ]),
    ),
  };
}

const byHorizon = (r: Row) => Object.fromEntries(LOF_MONTHS.map((m) => [String(m), Number(r[`lof_${m}`])]));

/** The segment's LOF from its members' served figures, the edited pipe's new ones in place of its old. */
async function segmentLof(
  tx: Db,
  servedId: number,
  segmentId: number,
  pipeId: number,
  edited: {
    lof: Readonly<Record<string, number>> | null;
    lofAbsolute: Readonly<Record<string, number>> | null;
  },
) {
  const members = await rows(
    tx,
    sql`SELECT pipe_id, lof_12, lof_24, lof_36, lof_60, lof_absolute FROM pipe_results
        WHERE analysis_id = ${servedId} AND segment_id = ${segmentId}`,
  );
  const seg = await first(
    tx,
    sql`SELECT length_m FROM vis_segments WHERE analysis_id = ${servedId} AND segment_id = ${segmentId}`,
  );
  if (!seg) return [];
  const lofById = new Map(
    members.map((r) => {
      const id = String(r['pipe_id']);
      const figures =
        Number(id) === pipeId
          ? edited
          : r['lof_12'] == null
            ? { lof: null, lofAbsolute: null }
            : { lof: byHorizon(r), lofAbsolute: json<Record<string, number>>(r['lof_absolute']) };
      return [id, figures];
    }),
  );
  const record = {
    id: segmentId,
    pipeIds: [...lofById.keys()],
    lengthM: Number(seg['length_m']),
  };
  return segmentLofs([record], lofById);
}

/** The areas' aggregates (engine areaResults) from their members' served rows, the edited pipe's included. */
async function areaAggregates(tx: Db, servedId: number, datasetId: number, areaIds: readonly string[]) {
  if (areaIds.length === 0) return [];
  const members = await rows(
    tx,
    sql`SELECT a.id AS area_id, p.id, p.length_m, p.abandoned, r.lof_12,
          (r.lof_absolute->>'12')::float8 AS expected_12, r.risk_drivers, r.cof_total, r.bre, r.bre_level
        FROM areas a CROSS JOIN LATERAL (
          -- A LATERAL probe, not a join (load-inputs.ts SPATIAL_JOIN_NOTE).
          SELECT p.id, p.length_m, p.abandoned FROM pipes p
          WHERE p.dataset_id = ${datasetId} AND p.point && a.geom AND ST_Intersects(a.geom, p.point)
          OFFSET 0) p
        LEFT JOIN pipe_results r ON r.analysis_id = ${servedId} AND r.pipe_id = p.id
        WHERE a.id IN (SELECT json_array_elements_text(${JSON.stringify(areaIds)}::json)::bigint)
        ORDER BY a.id, p.id`,
  );
  const pipes = new Map<string, { lengthM: number; abandoned: boolean }>();
  const lof = new Map<
    string,
    { lof12: number | null; lofAbsolute12: number | null; riskDrivers: number[] }
  >();
  const cof = new Map<string, { cofTotal: number; bre: number | null; breLevel: number | null }>();
  const areas = new Map<string, string[]>(areaIds.map((id) => [id, []]));
  for (const r of members) {
    const id = String(r['id']);
    areas.get(String(r['area_id']))!.push(id);
    pipes.set(id, { lengthM: Number(r['length_m']), abandoned: Boolean(r['abandoned']) });
    lof.set(id, {
      lof12: num(r['lof_12']),
      lofAbsolute12: num(r['expected_12']),
      riskDrivers: numArray(r['risk_drivers']),
    });
    cof.set(id, { cofTotal: num(r['cof_total']) ?? 0, bre: num(r['bre']), breLevel: num(r['bre_level']) });
  }
  return areaResults(
    [...areas].map(([areaId, pipeIds]) => ({ areaId, pipeIds })),
    pipes,
    lof,
    cof,
  );
}
