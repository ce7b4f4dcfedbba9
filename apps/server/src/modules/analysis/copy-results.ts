// A COF re-run (analysis-queue.ts queueCofRerun) re-prices the served analysis: it reads the served run's stored
// preprocess and LOF, runs only the COF stage, and writes its results together with a copy of the served rows. One
// INSERT per batch joins the served pipe_results rows with the new COF in the database (no preprocess or LOF values
// travel through Node), instead of copying every row and then updating it: half the row writes on a 100k-pipe
// network (bench/reports-cof-rerun.bench.mjs). The served run stays untouched and served until the re-run swaps in.
import type { CofStageResult } from '@pipewise/engine';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { writeInBatches } from './result-batches.ts';
import {
  clearResults,
  COF_FACTORS_OF_RECORD,
  COF_RECORD,
  cofRow,
  writeAreas,
  type RunTarget,
} from './write-results.ts';
import { ServedRunChanged } from './failure.ts';

/** pipe_results columns of the preprocess and LOF stages (the COF stage writes the rest). */
const PIPE_COLUMNS = [
  'install_year',
  'material_type_code',
  'diameter_mm',
  'install_year_status',
  'material_status',
  'diameter_status',
  'imputed_install_year',
  'imputed_material',
  'imputed_diameter',
  'install_year_likelihood',
  'material_likelihood',
  'diameter_likelihood',
  'segment_id',
  'population',
  'rate_of_change',
  'lof_12',
  'lof_24',
  'lof_36',
  'lof_60',
  'lof_absolute',
  'cum_breaks',
  'rank_12',
  'rank_24',
  'rank_36',
  'rank_60',
  'breaks_per_km_year',
  'risk_drivers',
  'rul',
];

/** The segments as the served run stored them, LOF included: a re-pricing does not change a segment's LOF. */
const SEGMENT_COLUMNS = [
  'geom',
  'install_year',
  'breaks',
  'pipes',
  'valves',
  'length_m',
  'population',
  'projected_population',
  'valve_ids',
  'valves_to_close',
  'inoperable_valve_ids',
  'lof_12',
  'lof',
  'expected_breaks_per_km',
];

const columns = (names: readonly string[], prefix = '') =>
  sql.raw(names.map((n) => `${prefix}${n}`).join(', '));

/** The served analysis a COF re-run prices: the dataset's, read when its COF stage starts. */
export async function servedAnalysisId(tx: Db, datasetId: number): Promise<number | null> {
  const row = (await tx.execute(sql`SELECT analysis_id FROM datasets WHERE id = ${datasetId}`)).rows[0];
  return row?.['analysis_id'] == null ? null : Number(row['analysis_id']);
}

export async function writeRepriced(tx: Db, t: RunTarget, from: number, cof: CofStageResult): Promise<void> {
  await clearResults(tx, t.analysisId);
  await writeInBatches(
    tx,
    cof.pipes,
    cofRow,
    (json) => sql`
      INSERT INTO pipe_results (analysis_id, pipe_id, client_id, dataset_id, ${columns(PIPE_COLUMNS)},
        cof_total, cof_level, cof, cof_factors, bre, bre_level)
      SELECT ${t.analysisId}, s.pipe_id, s.client_id, s.dataset_id, ${columns(PIPE_COLUMNS, 's.')},
        r.cof_total, r.cof_level, r.cof, ${COF_FACTORS_OF_RECORD}, r.bre, r.bre_level
      FROM json_to_recordset(${json}::json) AS ${COF_RECORD}
      JOIN pipe_results s ON s.analysis_id = ${from} AND s.pipe_id = r.pipe_id`,
  );
  // A run served while this one computed replaced the rows it read (the swap deletes the older runs' rows): this
  // attempt fails and its retry prices the new ones, rather than serving a half copy.
  const copied = (
    await tx.execute(sql`SELECT count(*)::int AS n FROM pipe_results WHERE analysis_id = ${t.analysisId}`)
  ).rows[0]?.['n'];
  if (Number(copied) !== cof.pipes.length)
    throw new ServedRunChanged(
      `the served analysis ${from} changed while its COF was re-run: ${String(copied)} pipes copied`,
    );
  await tx.execute(sql`
    INSERT INTO vis_segments (analysis_id, segment_id, client_id, dataset_id, ${columns(SEGMENT_COLUMNS)})
    SELECT ${t.analysisId}, segment_id, client_id, dataset_id, ${columns(SEGMENT_COLUMNS)}
    FROM vis_segments WHERE analysis_id = ${from}`);
  await writeAreas(tx, t, cof);
  await tx.execute(sql`
    UPDATE analyses a SET lof_card = s.lof_card, impute_summary = s.impute_summary, vis_summary = s.vis_summary,
      lof_scoring = s.lof_scoring, seed = s.seed
    FROM analyses s WHERE a.id = ${t.analysisId} AND s.id = ${from}`);
}
