// Stores each stage's results under the run's analysis id (schema-analysis.ts). Rows travel as one JSON parameter
// per batch (write-layers.ts inBatches), the same fast path on PGlite and node-postgres.
import {
  cofFactorGroups,
  type CofStageResult,
  type LofStageResult,
  type PreprocessResult,
} from '@pipewise/engine';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { inBatches, type Executor } from '../network/write-layers.ts';

export interface RunTarget {
  clientId: number;
  datasetId: number;
  analysisId: number;
}

/** A retried stage starts clean: whatever an interrupted attempt wrote for this run goes. */
/** Every result row of a run (before its preprocess is written again), as one statement. */
export const clearResultsSql = (analysisId: number) => sql`
  WITH a AS (DELETE FROM area_results WHERE analysis_id = ${analysisId}),
    v AS (DELETE FROM vis_segments WHERE analysis_id = ${analysisId})
  DELETE FROM pipe_results WHERE analysis_id = ${analysisId}`;

export async function clearResults(tx: Executor, analysisId: number): Promise<void> {
  await tx.execute(clearResultsSql(analysisId));
}

/**
 * The preprocess rows, batch by batch (`tx` may open a transaction per batch: analysis.job.ts). The segments'
 * geometry follows in writeSegmentGeometry, which needs one transaction of its own.
 */
export async function writePreprocess(
  tx: Executor,
  t: RunTarget,
  pre: PreprocessResult,
  population: ReadonlyMap<string, { population: unknown; rateOfChange: unknown }>,
): Promise<void> {
  const rows = pre.pipes.map((p) => {
    const pop = population.get(p.pipeId);
    return {
      pipe_id: Number(p.pipeId),
      install_year: p.installYear.value,
      material_type_code: p.materialTypeCode.value,
      diameter_mm: p.diameterMm.value,
      install_year_status: p.installYear.status,
      material_status: p.materialTypeCode.status,
      diameter_status: p.diameterMm.status,
      imputed_install_year: p.installYear.imputed,
      imputed_material: p.materialTypeCode.imputed,
      imputed_diameter: p.diameterMm.imputed,
      install_year_likelihood: p.installYear.likelihood,
      material_likelihood: p.materialTypeCode.likelihood,
      diameter_likelihood: p.diameterMm.likelihood,
      segment_id: p.segmentId,
      population: pop?.population ?? null,
      rate_of_change: pop?.rateOfChange ?? null,
    };
  });
  await inBatches(
    rows,
    (json) => sql`
      INSERT INTO pipe_results (analysis_id, pipe_id, client_id, dataset_id, install_year, material_type_code,
        diameter_mm, install_year_status, material_status, diameter_status, imputed_install_year, imputed_material,
        imputed_diameter, install_year_likelihood, material_likelihood, diameter_likelihood, segment_id,
        population, rate_of_change)
      SELECT ${t.analysisId}, r.pipe_id, ${t.clientId}, ${t.datasetId}, r.install_year, r.material_type_code,
        r.diameter_mm, r.install_year_status, r.material_status, r.diameter_status, r.imputed_install_year,
        r.imputed_material, r.imputed_diameter, r.install_year_likelihood, r.material_likelihood,
        r.diameter_likelihood, r.segment_id, r.population, r.rate_of_change
      FROM json_to_recordset(${json}::json) AS r(pipe_id bigint, install_year smallint, material_type_code smallint,
        diameter_mm real, install_year_status smallint, material_status smallint, diameter_status smallint,
        imputed_install_year smallint, imputed_material smallint, imputed_diameter real,
        install_year_likelihood jsonb, material_likelihood jsonb, diameter_likelihood jsonb, segment_id integer,
        population jsonb, rate_of_change jsonb)`,
    tx,
  );
  // A segment without pipes (only nodes, pumps or EPANET valves between closed valves) has nothing to draw or
  // to break; no pipe refers to it either.
  const segments = pre.segments
    .filter((s) => s.pipeIds.length > 0)
    .map((s) => ({
      segment_id: s.id,
      install_year: s.installYear,
      breaks: s.breaks,
      pipes: s.pipeIds.length,
      valves: s.valveIds.length,
      length_m: s.lengthM,
      population: s.population,
      projected_population: s.projectedPopulation,
      valve_ids: s.valveIds.map(Number),
      valves_to_close: s.valvesToClose.map(Number),
      inoperable_valve_ids: s.inoperableValveIds.map(Number),
    }));
  await inBatches(
    segments,
    (json) => sql`
      INSERT INTO vis_segments (analysis_id, segment_id, client_id, dataset_id, geom, install_year, breaks, pipes,
        valves, length_m, population, projected_population, valve_ids, valves_to_close, inoperable_valve_ids)
      SELECT ${t.analysisId}, r.segment_id, ${t.clientId}, ${t.datasetId}, 'SRID=4326;MULTILINESTRING EMPTY'::geometry,
        r.install_year, r.breaks, r.pipes, r.valves, r.length_m, r.population, r.projected_population,
        ARRAY(SELECT json_array_elements_text(r.valve_ids)::bigint),
        ARRAY(SELECT json_array_elements_text(r.valves_to_close)::bigint),
        ARRAY(SELECT json_array_elements_text(r.inoperable_valve_ids)::bigint)
      FROM json_to_recordset(${json}::json) AS r(segment_id integer, install_year smallint, breaks integer,
        pipes integer, valves integer, length_m float8, population real, projected_population jsonb,
        valve_ids json, valves_to_close json, inoperable_valve_ids json)`,
    tx,
  );
}

/** Segments whose geometry one transaction writes (issue 18: 30k segments took one 3.6 s statement on PGlite). */
export const SEGMENT_SLICE = 2000;

/** Runs `fn` in a transaction of its own (analysis.job.ts: a tenant step that first checks the run is still ours). */
export type InTransaction = (fn: (tx: Db) => Promise<void>) => Promise<void>;

/**
 * The segments' geometry from their member pipes, SEGMENT_SLICE segment ids a transaction: on the embedded database
 * a statement holds the event loop for as long as it runs, and a network of 30,000 disconnected pipes (a segment
 * each) made this one statement 3.6 s; sliced, other requests are served between the slices.
 */
export async function writeSegmentGeometry(
  inTransaction: InTransaction,
  t: RunTarget,
  segmentIds: readonly number[],
  slice = SEGMENT_SLICE,
): Promise<void> {
  if (segmentIds.length === 0) return;
  let lo = Infinity;
  let hi = -Infinity;
  for (const id of segmentIds) {
    if (id < lo) lo = id;
    if (id > hi) hi = id;
  }
  for (let from = lo; from <= hi; from += slice) {
    const to = from + slice - 1;
    await inTransaction((tx) => writeSegmentGeometrySlice(tx, t, from, to));
  }
}

async function writeSegmentGeometrySlice(tx: Db, t: RunTarget, from: number, to: number): Promise<void> {
  // Geometry: the member pipes' lines collected (no union: a segment is drawn, not measured, from it), in one
  // grouped pass; a per-segment subquery made 13k segments × 20k pipes on the demo town. MATERIALIZED: the rows
  // were inserted a moment ago, so the statistics know none of them, and a re-run's planner put the grouped
  // pass on the inner side of a nested loop — once per segment: 32 s instead of 0.7 s for 3,000 pipes on PGlite,
  // holding its only connection the whole time.
  // Even so, a re-run's planner still ran the join as a nested loop, the new segments against the CTE, 13k × 13k
  // on the demo town: the write that held PGlite's connection 20 s after a pipe edit while the first run's took
  // 1.6 s. A hash join is right for any size here, and the tenant role cannot ANALYZE the rows it just wrote (the
  // owner's right), so the statement is planned without nested loops.
  // The slice's pipes are still fetched by id: the LATERAL subquery (OFFSET 0 keeps the planner from flattening it
  // into a join) can only be a loop over the pipes' primary key, where a join became, under this setting, a hash join
  // that read every pipe of the database once per slice. (The setting's penalty also lifted the estimate over
  // PostgreSQL's JIT threshold: 234 of a slice's 257 ms were compiling, until connections ran without JIT:
  // db/database.ts.)
  await tx.execute(sql`SET LOCAL enable_nestloop = off`);
  await tx.execute(sql`
    WITH g AS MATERIALIZED (
      SELECT pr.segment_id, ST_Multi(ST_Collect(d.geom)) AS geom
      FROM pipe_results pr,
        LATERAL (SELECT p.geom FROM pipes p WHERE p.id = pr.pipe_id OFFSET 0) p,
        LATERAL ST_Dump(p.geom) d
      WHERE pr.analysis_id = ${t.analysisId} AND pr.segment_id BETWEEN ${from} AND ${to}
        AND NOT ST_IsEmpty(p.geom)
      GROUP BY pr.segment_id)
    UPDATE vis_segments v SET geom = g.geom
    FROM g
    WHERE v.analysis_id = ${t.analysisId} AND v.segment_id BETWEEN ${from} AND ${to}
      AND v.segment_id = g.segment_id`);
  await tx.execute(sql`SET LOCAL enable_nestloop = on`);
}

/**
 * To `digits` significant digits, by arithmetic: toPrecision (a string and back) cost 1.5 s of the main thread for the
 * 2 million values of a 100k-pipe COF write. A real column holds a 6-digit figure exactly, so what this gives is what
 * a later read returns.
 */
export const round = (v: number | null | undefined, digits = 6) => {
  if (v == null || !Number.isFinite(v)) return null;
  if (v === 0) return 0;
  const scale = 10 ** (digits - 1 - Math.floor(Math.log10(Math.abs(v))));
  return Number.isFinite(scale) ? Math.round(v * scale) / scale : v;
};

export async function writeLof(tx: Executor, t: RunTarget, lof: LofStageResult): Promise<void> {
  const rows = lof.pipes.map((p) => ({
    pipe_id: Number(p.pipeId),
    lof_12: round(p.lof?.['12']),
    lof_24: round(p.lof?.['24']),
    lof_36: round(p.lof?.['36']),
    lof_60: round(p.lof?.['60']),
    lof_absolute: p.lofAbsolute,
    cum_breaks: p.cumBreaks,
    rank_12: p.rank['12'] ?? null,
    rank_24: p.rank['24'] ?? null,
    rank_36: p.rank['36'] ?? null,
    rank_60: p.rank['60'] ?? null,
    breaks_per_km_year: round(p.breaksPerKmYear),
    risk_drivers: p.riskDrivers,
    rul: p.rul,
  }));
  await inBatches(
    rows,
    (json) => sql`
      UPDATE pipe_results pr SET lof_12 = r.lof_12, lof_24 = r.lof_24, lof_36 = r.lof_36, lof_60 = r.lof_60,
        lof_absolute = r.lof_absolute, cum_breaks = r.cum_breaks, rank_12 = r.rank_12, rank_24 = r.rank_24,
        rank_36 = r.rank_36, rank_60 = r.rank_60, breaks_per_km_year = r.breaks_per_km_year,
        risk_drivers = ARRAY(SELECT json_array_elements_text(r.risk_drivers)::smallint), rul = r.rul
      FROM json_to_recordset(${json}::json) AS r(pipe_id bigint, lof_12 real, lof_24 real, lof_36 real,
        lof_60 real, lof_absolute jsonb, cum_breaks jsonb, rank_12 real, rank_24 real, rank_36 real, rank_60 real,
        breaks_per_km_year real, risk_drivers json, rul real)
      WHERE pr.analysis_id = ${t.analysisId} AND pr.pipe_id = r.pipe_id`,
    tx,
  );
  await inBatches(
    lof.segments.map((s) => ({
      segment_id: s.segmentId,
      lof_12: round(s.lof['12']),
      lof: s.lof,
      expected_breaks_per_km: s.expectedBreaksPerKm,
    })),
    (json) => sql`
      UPDATE vis_segments v SET lof_12 = r.lof_12, lof = r.lof, expected_breaks_per_km = r.expected_breaks_per_km
      FROM json_to_recordset(${json}::json) AS r(segment_id integer, lof_12 real, lof jsonb,
        expected_breaks_per_km jsonb)
      WHERE v.analysis_id = ${t.analysisId} AND v.segment_id = r.segment_id`,
    tx,
  );
}

function roundedValues(
  values: Readonly<Record<string, number>>,
  digits: number,
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const key in values) out[key] = round(values[key], digits);
  return out;
}

/** A COF stage's per-pipe rows, as json_to_recordset reads them with COF_RECORD. */
export const cofRows = (pipes: CofStageResult['pipes']) =>
  pipes.map((p) => ({
    pipe_id: Number(p.pipeId),
    cof_total: round(p.cofTotal, 9),
    cof_level: p.cofLevel,
    // Money to 9 significant digits, as cof_total: full doubles made the batch JSON a third longer to parse.
    cof: roundedValues(p.cof, 9),
    cof_factors: cofFactorGroups(p.cof).map((v) => round(v, 9)),
    bre: round(p.bre, 9),
    bre_level: p.breLevel,
  }));

export const COF_RECORD = sql`r(pipe_id bigint, cof_total float8, cof_level smallint, cof jsonb,
  cof_factors json, bre float8, bre_level smallint)`;
export const COF_FACTORS_OF_RECORD = sql`ARRAY(SELECT json_array_elements_text(r.cof_factors)::float8)`;

/** A full run's COF stage: its pipes' rows, written by the stages before, get their COF and BRE; its areas are stored. */
export async function writeCof(tx: Executor, t: RunTarget, cof: CofStageResult): Promise<void> {
  await writeCofPipes(tx, t, cof.pipes);
  await writeAreas(tx, t, cof);
}

/** COF and BRE onto rows the stages before wrote (a full run's, or the one pipe an edit re-scores). */
export async function writeCofPipes(
  tx: Executor,
  t: RunTarget,
  pipes: CofStageResult['pipes'],
): Promise<void> {
  await inBatches(
    cofRows(pipes),
    (json) => sql`
      UPDATE pipe_results pr SET cof_total = r.cof_total, cof_level = r.cof_level, cof = r.cof,
        cof_factors = ${COF_FACTORS_OF_RECORD}, bre = r.bre, bre_level = r.bre_level
      FROM json_to_recordset(${json}::json) AS ${COF_RECORD}
      WHERE pr.analysis_id = ${t.analysisId} AND pr.pipe_id = r.pipe_id`,
    tx,
  );
}

/**
 * The areas' aggregates; those of an earlier try of the stage go first, so a resumed stage writes each once. With
 * `only`, just the given areas are replaced (a pipe edit re-aggregates the areas holding the pipe).
 */
export async function writeAreas(
  tx: Executor,
  t: RunTarget,
  cof: Pick<CofStageResult, 'areas'>,
  { only = false } = {},
): Promise<void> {
  const ids = cof.areas.map((a) => Number(a.areaId));
  await tx.execute(
    only
      ? sql`DELETE FROM area_results WHERE analysis_id = ${t.analysisId}
          AND area_id IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json)::bigint)`
      : sql`DELETE FROM area_results WHERE analysis_id = ${t.analysisId}`,
  );
  await inBatches(
    cof.areas.map((a) => ({
      area_id: Number(a.areaId),
      pipes: a.pipes,
      length_m: a.lengthM,
      lof_12: round(a.lof12),
      expected_breaks_12: round(a.expectedBreaks12, 9),
      top_risk_length_m: a.topRiskLengthM,
      risk_drivers: a.riskDrivers,
      total_cof: a.totalCof,
      total_bre: a.totalBre,
    })),
    (json) => sql`
      INSERT INTO area_results (analysis_id, area_id, client_id, dataset_id, pipes, length_m, lof_12,
        expected_breaks_12, top_risk_length_m, risk_drivers, total_cof, total_bre)
      SELECT ${t.analysisId}, r.area_id, ${t.clientId}, ${t.datasetId}, r.pipes, r.length_m, r.lof_12,
        r.expected_breaks_12, r.top_risk_length_m, ARRAY(SELECT json_array_elements_text(r.risk_drivers)::smallint),
        r.total_cof, r.total_bre
      FROM json_to_recordset(${json}::json) AS r(area_id bigint, pipes integer, length_m float8, lof_12 real,
        expected_breaks_12 float8, top_risk_length_m float8, risk_drivers json, total_cof float8, total_bre float8)`,
    tx,
  );
}
