// The stages' result writes (write-results.ts, result-batches.ts) store exactly what the statements before them
// stored (issue 41): one set of stage results is written twice, under two runs — by the former statements, kept here
// as the reference (rows built up front, arrays unpacked row by row, segments inserted empty and their geometry
// updated from pipe_results), and by the writers with small batches in two lanes, a transaction per batch as the job
// writes them — and every column of every row of pipe_results, vis_segments and area_results must be equal.
import { cofFactorGroups, cofStageInputs, type CofStageResult, type LofStageResult } from '@pipewise/engine';
import type { PreprocessResult } from '@pipewise/engine';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { withTenant, type Db } from '../src/db/database.ts';
import { computeInThread, lofInThreads } from '../src/modules/analysis/compute-thread.ts';
import { enabledCofScenario, loadDatasetInputs } from '../src/modules/analysis/load-inputs.ts';
import { readCofFigures, readPreprocess } from '../src/modules/analysis/read-results.ts';
import type { BatchExecutor } from '../src/modules/analysis/result-batches.ts';
import {
  round,
  writeCof,
  writeLof,
  writePreprocess,
  type RunTarget,
} from '../src/modules/analysis/write-results.ts';
import { inBatches } from '../src/modules/network/write-layers.ts';
import { demoDataset, q, queued } from './helpers/analysis-runs.ts';
import { forEachBackend } from './helpers/harness.ts';

type Population = ReadonlyMap<string, { population: unknown; rateOfChange: unknown }>;

/** The former writers, statement for statement (one transaction here: how they were cut does not change a value). */
async function referenceWrite(
  tx: Db,
  t: RunTarget,
  pre: PreprocessResult,
  population: Population,
  lof: LofStageResult,
  cof: CofStageResult,
) {
  const pipeRows = pre.pipes.map((p) => {
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
    pipeRows,
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
  await tx.execute(sql`SET LOCAL enable_nestloop = off`);
  await tx.execute(sql`
    WITH g AS MATERIALIZED (
      SELECT pr.segment_id, ST_Multi(ST_Collect(d.geom)) AS geom
      FROM pipe_results pr,
        LATERAL (SELECT p.geom FROM pipes p WHERE p.id = pr.pipe_id OFFSET 0) p,
        LATERAL ST_Dump(p.geom) d
      WHERE pr.analysis_id = ${t.analysisId} AND NOT ST_IsEmpty(p.geom)
      GROUP BY pr.segment_id)
    UPDATE vis_segments v SET geom = g.geom
    FROM g
    WHERE v.analysis_id = ${t.analysisId} AND v.segment_id = g.segment_id`);
  await tx.execute(sql`SET LOCAL enable_nestloop = on`);
  await inBatches(
    lof.pipes.map((p) => ({
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
    })),
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
  const money = (v: Readonly<Record<string, number>>) =>
    Object.fromEntries(Object.entries(v).map(([k, x]) => [k, round(x, 9)]));
  await inBatches(
    cof.pipes.map((p) => ({
      pipe_id: Number(p.pipeId),
      cof_total: round(p.cofTotal, 9),
      cof_level: p.cofLevel,
      cof: money(p.cof),
      cof_factors: cofFactorGroups(p.cof).map((v) => round(v, 9)),
      bre: round(p.bre, 9),
      bre_level: p.breLevel,
    })),
    (json) => sql`
      UPDATE pipe_results pr SET cof_total = r.cof_total, cof_level = r.cof_level, cof = r.cof,
        cof_factors = ARRAY(SELECT json_array_elements_text(r.cof_factors)::float8), bre = r.bre,
        bre_level = r.bre_level
      FROM json_to_recordset(${json}::json) AS r(pipe_id bigint, cof_total float8, cof_level smallint, cof jsonb,
        cof_factors json, bre float8, bre_level smallint)
      WHERE pr.analysis_id = ${t.analysisId} AND pr.pipe_id = r.pipe_id`,
    tx,
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

/**
 * Rows of `table` in run `a` and not in run `b` or the other way round, every column compared but the run's id. A
 * segment's geometry is compared as its set of lines, byte for byte: the former update collected them in whatever
 * order its plan read pipe_results (a sort that is not stable), the INSERT collects them in the pipes' order.
 */
const differing = (table: string, a: number, b: number) => {
  const rows = (id: number) => sql`
    SELECT to_jsonb(t) - 'analysis_id' - 'geom' AS r,
      ${
        table === 'vis_segments'
          ? sql`ARRAY(SELECT ST_AsEWKB(x.geom) FROM ST_Dump(t.geom) x ORDER BY 1) || ARRAY[ST_AsEWKB(
              ST_SetSRID(ST_GeomFromText(GeometryType(t.geom) || ' EMPTY'), ST_SRID(t.geom)))]`
          : sql`NULL::bytea[]`
      } AS g
    FROM ${sql.identifier(table)} t WHERE t.analysis_id = ${id}`;
  return sql`SELECT (SELECT count(*) FROM (${rows(a)} EXCEPT ALL ${rows(b)}) x)::int
      + (SELECT count(*) FROM (${rows(b)} EXCEPT ALL ${rows(a)}) y)::int AS differ,
    (SELECT count(*) FROM ${sql.identifier(table)} WHERE analysis_id = ${a})::int AS rows`;
};

forEachBackend(
  'analysis result writes',
  (h) => {
    it('store what the former statements stored, every row once across batches and lanes', async () => {
      const { datasetId, clientId } = await demoDataset(h);
      const reference = await queued(h, datasetId, clientId);
      const [run] = await q(h, sql`SELECT seed FROM analyses WHERE id = ${reference.analysisId}`);
      const reader = {
        execute: (query: ReturnType<typeof sql>) =>
          withTenant(h.database.db, clientId, (tx) => tx.execute(query)),
      };
      const inputs = await loadDatasetInputs(reader, datasetId, Number(run!['seed']));
      const pre = await computeInThread({ stage: 'preprocess', inputs });
      const population: Population = new Map(
        inputs.pipes.map((p) => [p.id, { population: p.population, rateOfChange: p.rateOfChange }]),
      );
      // The later stages compute from the stored preprocess, as the job does; written by the new writers first.
      const written = await queued(h, datasetId, clientId);
      // Small batches in two lanes, a transaction each: several batch boundaries even on the test town.
      const batches: BatchExecutor = {
        shape: { rows: 37, lanes: 2 },
        execute: (query) => withTenant(h.database.db, clientId, (tx) => tx.execute(query)),
      };
      await writePreprocess(batches, written, pre, population);
      const lof = await lofInThreads(inputs, await readPreprocess(reader, written.analysisId));
      await writeLof(batches, written, lof);
      const { figures, preprocessSegments } = await readCofFigures(reader, written.analysisId);
      const scenario = await withTenant(h.database.db, clientId, (tx) => enabledCofScenario(tx, datasetId));
      const cof = await computeInThread({
        stage: 'cof',
        inputs: { ...cofStageInputs(inputs), cofScenario: scenario?.scenario ?? null },
        figures,
        preprocessSegments,
        clientId,
      });
      await writeCof(batches, written, cof);
      await withTenant(h.database.db, clientId, (tx) =>
        referenceWrite(tx, reference, pre, population, lof, cof),
      );

      for (const table of ['pipe_results', 'vis_segments', 'area_results']) {
        const [d] = await q(h, differing(table, reference.analysisId, written.analysisId));
        expect({ table, ...d }).toMatchObject({ table, differ: 0 });
        expect(Number(d!['rows'])).toBeGreaterThan(table === 'vis_segments' ? 37 : 0);
      }
      const [c] = await q(
        h,
        sql`SELECT (SELECT count(*) FROM pipe_results WHERE analysis_id = ${written.analysisId})::int AS results,
              (SELECT count(*) FROM pipes WHERE dataset_id = ${datasetId})::int AS pipes,
              (SELECT count(*) FROM vis_segments WHERE analysis_id = ${written.analysisId}
                 AND NOT ST_IsEmpty(geom))::int AS drawn`,
      );
      expect(c!['results']).toBe(c!['pipes']);
      expect(Number(c!['drawn'])).toBeGreaterThan(37);
    }, 240_000);
  },
  { demoCityPipes: 400 },
);
