// SQL of the total-risk (BRE) reports (001 §7 total_risk_*). BRE is pipe_results.bre as the COF stage stores it:
// the 12-month business risk exposure (LOF 12 × COF). The request's horizon does not change it (the analysis
// stores no other); it only picks the LOF column whose mean total_risk_top shows beside it.
import { RISK_LEVELS, type RiskLevelRow } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { levelColumns, levelPass } from './level-reports.ts';
import { lofColumn, num, numOrNull, type ReportRun } from './report-context.ts';

const bre = sql`pr.bre`;

/** Totals and the 5 levels of bre_level in one scan, with each level's mean LOF (horizon) and mean COF. */
const brePass = (run: ReportRun) =>
  run.once('bre', () =>
    levelPass(run, bre, sql`pr.bre_level`, {
      mean_lof: sql`avg(${lofColumn(run.ctx)})::float8`,
      mean_cof: sql`COALESCE(avg(pr.cof_total), 0)::float8`,
    }),
  );

/** Pipes with a BRE (scored and costed), their metres, mean and sum. */
export async function breTotals(run: ReportRun) {
  const { all } = await brePass(run);
  return {
    pipes: num(all['pipes']),
    length_m: num(all['length_m']),
    average: num(all['average']),
    total: num(all['total']),
  };
}

export const breLevelColumns = async (run: ReportRun) => levelColumns((await brePass(run)).levels);

/** Per BRE level: its two factors' means (LOF at the horizon, COF) and BRE's mean and sum; all 5 levels. */
export async function breTop(run: ReportRun): Promise<RiskLevelRow[]> {
  const { levels } = await brePass(run);
  return RISK_LEVELS.map((level) => {
    const r = levels.get(level);
    return {
      level,
      pipes: num(r?.['pipes']),
      length_m: num(r?.['length_m']),
      mean_lof: numOrNull(r?.['mean_lof']),
      mean_cof: num(r?.['mean_cof']),
      mean_bre: num(r?.['average']),
      total_bre: num(r?.['total']),
    };
  });
}
