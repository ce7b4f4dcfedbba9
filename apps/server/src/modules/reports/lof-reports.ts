// The LOF reports (001 §7: lof_length_* and lof_top_risk_drivers) at the request's horizon: the breakdowns come from
// the group pass (group-pass.ts), the drivers from one aggregate of their own.
import {
  EXPOSURE_DRIVER_CODES,
  TOP_RISK_DRIVERS,
  type LofGroupRow,
  type RiskDriverRow,
} from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import { GROUPING_OF, groupsOf } from './group-pass.ts';
import { GROUPINGS } from './groupings.ts';
import { num, numArray, numOrNull, rowsOf, servedPipes, type ReportRun } from './report-context.ts';

type LofGroupCategory =
  | 'lof_length_absolute'
  | 'lof_length_by_diameter'
  | 'lof_length_by_material'
  | 'lof_length_by_year'
  | 'lof_length_by_decade';

/** Metres per LOF class, the length-weighted mean LOF and the expected breaks, per group (group-pass.ts). */
export async function lofGroupReport(run: ReportRun, category: LofGroupCategory): Promise<LofGroupRow[]> {
  const { rows } = await groupsOf(run, category);
  const grouping = GROUPINGS[GROUPING_OF[category]];
  return rows.map((r) => ({
    key: grouping.key(r['k']),
    pipes: num(r['pipes']),
    length_m: num(r['length_m']),
    length_by_class_m: numArray(r['by_class']),
    mean_lof: numOrNull(r['mean_lof']),
    expected_breaks: numOrNull(r['expected_breaks']),
  }));
}

/**
 * The drivers that are strongest (first of a pipe's risk_drivers, exposure left out: issue 38) on the most pipe
 * length, top 5 (001 §9), ties by
 * the lower code. Pipes without drivers (unscored) count for none.
 */
/** A top driver as stored: its code, which each request names in its viewer's language (report-summaries.ts). */
export type StoredRiskDriverRow = Omit<RiskDriverRow, 'name'>;

/** Pipe length, exposure (one code: array_remove takes one value). */
const EXPOSURE = EXPOSURE_DRIVER_CODES[0]!;

export async function topRiskDrivers(run: ReportRun): Promise<StoredRiskDriverRow[]> {
  const rows = await rowsOf(
    run.tx,
    sql`
      SELECT (array_remove(pr.risk_drivers, ${EXPOSURE}::smallint))[1] AS code, count(*)::int AS pipes,
        sum(p.length_m)::float8 AS length_m
      ${servedPipes(run.ctx, sql`(array_remove(pr.risk_drivers, ${EXPOSURE}::smallint))[1] IS NOT NULL`)}
      GROUP BY 1 ORDER BY 3 DESC, 1 LIMIT ${TOP_RISK_DRIVERS}`,
  );
  return rows.map((r) => ({ code: num(r['code']), pipes: num(r['pipes']), length_m: num(r['length_m']) }));
}
