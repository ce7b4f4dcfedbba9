// Stores each stage's results under the run's analysis id (schema-analysis.ts). Rows travel as one JSON parameter
// per batch (result-batches.ts), the same fast path on PGlite and node-postgres.
import {
  cofFactorGroups,
  type CofStageResult,
  type LofStageResult,
  type PreprocessResult,
} from '@pipewise/engine';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../network/write-layers.ts';
import { writeInBatches, type BatchExecutor } from './result-batches.ts';

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
 * The preprocess rows, batch by batch (`tx` may open a transaction per batch: analysis.job.ts): the pipes' rows, then
 * the segments with their geometry, collected from their member pipes in the same INSERT.
 */
export async function writePreprocess(
  tx: BatchExecutor,
  t: RunTarget,
  pre: PreprocessResult,
  population: ReadonlyMap<string, { population: unknown; rateOfChange: unknown }>,
): Promise<void> {
  await writeInBatches(
    tx,
    pre.pipes,
    (p) => {
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
    },
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
  );
  // A segment's members in the order of its pipes' rows: the order the geometry's lines were collected in when it
  // was read back from pipe_results (the rows of a fresh run in insertion order), so it is stored as before.
  const members = new Map<number, number[]>();
  for (const p of pre.pipes) {
    if (p.segmentId == null) continue;
    const list = members.get(p.segmentId);
    if (list) list.push(Number(p.pipeId));
    else members.set(p.segmentId, [Number(p.pipeId)]);
  }
  // A segment without pipes (only nodes, pumps or EPANET valves between closed valves) has nothing to draw or
  // to break; no pipe refers to it either.
  const segments = pre.segments.filter((s) => s.pipeIds.length > 0);
  await writeInBatches(
    tx,
    segments,
    (s) => ({
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
      pipe_ids: members.get(s.id) ?? [],
    }),
    (json) => sql`
      INSERT INTO vis_segments (analysis_id, segment_id, client_id, dataset_id, geom, install_year, breaks, pipes,
        valves, length_m, population, projected_population, valve_ids, valves_to_close, inoperable_valve_ids)
      SELECT ${t.analysisId}, r.segment_id, ${t.clientId}, ${t.datasetId},
        COALESCE(g.geom, 'SRID=4326;MULTILINESTRING EMPTY'::geometry), r.install_year, r.breaks, r.pipes, r.valves,
        r.length_m, r.population, r.projected_population, r.valve_ids, r.valves_to_close, r.inoperable_valve_ids
      FROM json_to_recordset(${json}::json) AS r(segment_id integer, install_year smallint, breaks integer,
        pipes integer, valves integer, length_m float8, population real, projected_population jsonb,
        valve_ids bigint[], valves_to_close bigint[], inoperable_valve_ids bigint[], pipe_ids bigint[])
      CROSS JOIN LATERAL (${segmentGeometry(sql`r.pipe_ids`)}) g`,
    // A batch's statement fetches its segments' member pipes: a network of one segment per pipe, or of a few
    // huge segments, still sends about as much work per statement.
    (s) => s.pipeIds.length,
  );
}

/**
 * A segment's geometry from its member pipes (a bigint[] of pipe ids, in order): their lines collected (no union: a
 * segment is drawn, not measured, from it), empty pipes left out; NULL when no member has a line. Written with the
 * segment's row: before, the rows were inserted with an empty geometry and then updated from pipe_results — every
 * segment written twice, with its GiST entry, and the update's planner misled by rows it had no statistics for
 * (a nested loop that held PGlite's connection 20 s after a pipe edit). Each pipe is fetched by its primary key
 * (OFFSET 0 keeps the planner from turning the lookup into a join that read every pipe of the database). The ids
 * must already be bigint: under row-level security only a leakproof comparison may use the index, and a cast from
 * text in the condition is not one (a sequential scan of every pipe per member).
 */
const segmentGeometry = (pipeIds: SQL) => sql`
  SELECT ST_Multi(ST_Collect(d.geom ORDER BY m.ord, d.path)) AS geom
  FROM unnest(${pipeIds}) WITH ORDINALITY AS m(pipe_id, ord),
    LATERAL (SELECT p.geom FROM pipes p WHERE p.id = m.pipe_id OFFSET 0) p,
    LATERAL ST_Dump(p.geom) d
  WHERE NOT ST_IsEmpty(p.geom)`;

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

export async function writeLof(tx: BatchExecutor, t: RunTarget, lof: LofStageResult): Promise<void> {
  // Arrays go as JSON arrays into array-typed record columns (PostgreSQL reads them since 10): an ARRAY(SELECT
  // json_array_elements_text(…)) per row was a subquery per row for the same value; an absent list is an empty one,
  // as that subquery made it.
  await writeInBatches(
    tx,
    lof.pipes,
    (p) => ({
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
    }),
    (json) => sql`
      UPDATE pipe_results pr SET lof_12 = r.lof_12, lof_24 = r.lof_24, lof_36 = r.lof_36, lof_60 = r.lof_60,
        lof_absolute = r.lof_absolute, cum_breaks = r.cum_breaks, rank_12 = r.rank_12, rank_24 = r.rank_24,
        rank_36 = r.rank_36, rank_60 = r.rank_60, breaks_per_km_year = r.breaks_per_km_year,
        risk_drivers = COALESCE(r.risk_drivers, '{}'), rul = r.rul
      FROM json_to_recordset(${json}::json) AS r(pipe_id bigint, lof_12 real, lof_24 real, lof_36 real,
        lof_60 real, lof_absolute jsonb, cum_breaks jsonb, rank_12 real, rank_24 real, rank_36 real, rank_60 real,
        breaks_per_km_year real, risk_drivers smallint[], rul real)
      WHERE pr.analysis_id = ${t.analysisId} AND pr.pipe_id = r.pipe_id`,
  );
  await writeInBatches(
    tx,
    lof.segments,
    (s) => ({
      segment_id: s.segmentId,
      lof_12: round(s.lof['12']),
      lof: s.lof,
      expected_breaks_per_km: s.expectedBreaksPerKm,
    }),
    (json) => sql`
      UPDATE vis_segments v SET lof_12 = r.lof_12, lof = r.lof, expected_breaks_per_km = r.expected_breaks_per_km
      FROM json_to_recordset(${json}::json) AS r(segment_id integer, lof_12 real, lof jsonb,
        expected_breaks_per_km jsonb)
      WHERE v.analysis_id = ${t.analysisId} AND v.segment_id = r.segment_id`,
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

/** A COF stage's row of one pipe, as json_to_recordset reads it with COF_RECORD. */
export const cofRow = (p: CofStageResult['pipes'][number]) => ({
  pipe_id: Number(p.pipeId),
  cof_total: round(p.cofTotal, 9),
  cof_level: p.cofLevel,
  // Money to 9 significant digits, as cof_total: full doubles made the batch JSON a third longer to parse.
  cof: roundedValues(p.cof, 9),
  cof_factors: cofFactorGroups(p.cof).map((v) => round(v, 9)),
  bre: round(p.bre, 9),
  bre_level: p.breLevel,
});

export const COF_RECORD = sql`r(pipe_id bigint, cof_total float8, cof_level smallint, cof jsonb,
  cof_factors float8[], bre float8, bre_level smallint)`;
/** The factor groups as stored: an absent list is an empty array (writeLof says why arrays travel as such). */
export const COF_FACTORS_OF_RECORD = sql`COALESCE(r.cof_factors, '{}')`;

/** A full run's COF stage: its pipes' rows, written by the stages before, get their COF and BRE; its areas are stored. */
export async function writeCof(tx: BatchExecutor, t: RunTarget, cof: CofStageResult): Promise<void> {
  await writeCofPipes(tx, t, cof.pipes);
  await writeAreas(tx, t, cof);
}

/** COF and BRE onto rows the stages before wrote (a full run's, or the one pipe an edit re-scores). */
export async function writeCofPipes(
  tx: BatchExecutor,
  t: RunTarget,
  pipes: CofStageResult['pipes'],
): Promise<void> {
  await writeInBatches(
    tx,
    pipes,
    cofRow,
    (json) => sql`
      UPDATE pipe_results pr SET cof_total = r.cof_total, cof_level = r.cof_level, cof = r.cof,
        cof_factors = ${COF_FACTORS_OF_RECORD}, bre = r.bre, bre_level = r.bre_level
      FROM json_to_recordset(${json}::json) AS ${COF_RECORD}
      WHERE pr.analysis_id = ${t.analysisId} AND pr.pipe_id = r.pipe_id`,
  );
}

/**
 * The areas' aggregates; those of an earlier try of the stage go first, so a resumed stage writes each once. With
 * `only`, just the given areas are replaced (a pipe edit re-aggregates the areas holding the pipe).
 */
export async function writeAreas(
  tx: BatchExecutor,
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
  await writeInBatches(
    tx,
    cof.areas,
    (a) => ({
      area_id: Number(a.areaId),
      pipes: a.pipes,
      length_m: a.lengthM,
      lof_12: round(a.lof12),
      expected_breaks_12: round(a.expectedBreaks12, 9),
      top_risk_length_m: a.topRiskLengthM,
      risk_drivers: a.riskDrivers,
      total_cof: a.totalCof,
      total_bre: a.totalBre,
    }),
    (json) => sql`
      INSERT INTO area_results (analysis_id, area_id, client_id, dataset_id, pipes, length_m, lof_12,
        expected_breaks_12, top_risk_length_m, risk_drivers, total_cof, total_bre)
      SELECT ${t.analysisId}, r.area_id, ${t.clientId}, ${t.datasetId}, r.pipes, r.length_m, r.lof_12,
        r.expected_breaks_12, r.top_risk_length_m, COALESCE(r.risk_drivers, '{}'), r.total_cof, r.total_bre
      FROM json_to_recordset(${json}::json) AS r(area_id bigint, pipes integer, length_m float8, lof_12 real,
        expected_breaks_12 float8, top_risk_length_m float8, risk_drivers smallint[], total_cof float8,
        total_bre float8)`,
  );
}
