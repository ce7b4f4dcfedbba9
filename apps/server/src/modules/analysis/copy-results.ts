// A COF re-run (analysis-queue.ts queueCofRerun) re-prices the served analysis: imputation, segments and LOF are
// copied under the new run as they are, in the database (no rows travel through Node), and only the COF stage
// computes again. The served run stays untouched and served until the re-run swaps in.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { clearResults, type RunTarget } from './write-results.ts';

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
];

const columns = (names: readonly string[]) => sql.raw(names.join(', '));

export async function copyServedResults(tx: Db, fromAnalysisId: number, t: RunTarget): Promise<void> {
  await clearResults(tx, t.analysisId);
  await tx.execute(sql`
    INSERT INTO pipe_results (analysis_id, pipe_id, client_id, dataset_id, ${columns(PIPE_COLUMNS)})
    SELECT ${t.analysisId}, pipe_id, client_id, dataset_id, ${columns(PIPE_COLUMNS)}
    FROM pipe_results WHERE analysis_id = ${fromAnalysisId}`);
  await tx.execute(sql`
    INSERT INTO vis_segments (analysis_id, segment_id, client_id, dataset_id, ${columns(SEGMENT_COLUMNS)})
    SELECT ${t.analysisId}, segment_id, client_id, dataset_id, ${columns(SEGMENT_COLUMNS)}
    FROM vis_segments WHERE analysis_id = ${fromAnalysisId}`);
  await tx.execute(sql`
    UPDATE analyses a SET lof_card = s.lof_card, impute_summary = s.impute_summary, vis_summary = s.vis_summary,
      seed = s.seed
    FROM analyses s WHERE a.id = ${t.analysisId} AND s.id = ${fromAnalysisId}`);
}
