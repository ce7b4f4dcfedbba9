// SQL of the Highest page (lof_highest): the `limit` served pipes most likely to break within the horizon, with
// what a crew needs to find and judge them. A top-N sort in the database: only `limit` rows come to Node.
import { withoutExposure, type HighestRow, type MoneyHighestRow } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import {
  lofColumn,
  num,
  numArray,
  numOrNull,
  rankColumn,
  rowsOf,
  servedPipes,
  driverName,
  type ReportContext,
  type ReportRun,
} from './report-context.ts';

/** A Highest row as stored: its drivers' codes, which each request names in its viewer's language. */
export type StoredHighestRow = Omit<HighestRow, 'risk_driver_names'> & { risk_drivers: number[] };

/** The stored rows in the viewer's terms: the first `limit`, drivers named in their language. */
export const presentHighest = (rows: readonly StoredHighestRow[], ctx: ReportContext): HighestRow[] =>
  rows.slice(0, ctx.limit).map(({ risk_drivers, ...row }) => ({
    ...row,
    risk_driver_names: withoutExposure(risk_drivers).map((code) =>
      driverName(code, ctx.language, ctx.columnDrivers),
    ),
  }));

export async function highestLof(run: ReportRun): Promise<StoredHighestRow[]> {
  const { ctx } = run;
  const lof = lofColumn(ctx);
  // Unscored pipes (no LOF) are not "high": they are left out rather than sorted first or last. Ties go to the
  // lower pipe id so a page reads the same twice. `real` columns come back as PostgreSQL prints them (0.1, 101.6),
  // as the rest of the API serves them: a float8 cast would show the float4's binary tail (0.10000000149).
  const rows = await rowsOf(
    run.tx,
    sql`
      SELECT pr.pipe_id, p.native_pipe_id, pr.material_type_code, pr.diameter_mm, pr.install_year, p.length_m,
        ${lof} AS lof, ${rankColumn(ctx)} AS rank, p.break_count AS breaks, pr.risk_drivers
      ${servedPipes(ctx, sql`${lof} IS NOT NULL`)}
      ORDER BY ${lof} DESC, pr.pipe_id LIMIT ${ctx.limit}`,
  );
  return rows.map((r) => ({
    pipe_id: num(r['pipe_id']),
    native_id: r['native_pipe_id'] == null ? null : String(r['native_pipe_id']),
    material_type_code: numOrNull(r['material_type_code']),
    diameter_mm: numOrNull(r['diameter_mm']),
    install_year: numOrNull(r['install_year']),
    length_m: num(r['length_m']),
    lof: numOrNull(r['lof']),
    rank: numOrNull(r['rank']),
    breaks: num(r['breaks']),
    risk_drivers: numArray(r['risk_drivers']),
  }));
}

/**
 * cof_highest and bre_highest (issue 38): the served pipes with the most money at stake — consequence of failure,
 * or total risk (BRE = 12-month LOF × COF) — with what a planner needs to find and judge each. Pipes without the
 * figure, or with none at stake, are left out. Ties go to the lower pipe id, as in lof_highest.
 */
export async function highestMoney(run: ReportRun, by: 'cof' | 'bre'): Promise<MoneyHighestRow[]> {
  const { ctx } = run;
  const value = by === 'cof' ? sql`pr.cof_total` : sql`pr.bre`;
  const rows = await rowsOf(
    run.tx,
    sql`
      SELECT pr.pipe_id, p.native_pipe_id, p.address, pr.material_type_code, pr.diameter_mm, pr.install_year,
        p.length_m, pr.lof_12 AS lof, pr.cof_total AS cof, pr.bre
      ${servedPipes(ctx, sql`${value} > 0`)}
      ORDER BY ${value} DESC, pr.pipe_id LIMIT ${ctx.limit}`,
  );
  return rows.map((r) => ({
    pipe_id: num(r['pipe_id']),
    native_id: r['native_pipe_id'] == null ? null : String(r['native_pipe_id']),
    address: r['address'] == null ? null : String(r['address']),
    material_type_code: numOrNull(r['material_type_code']),
    diameter_mm: numOrNull(r['diameter_mm']),
    install_year: numOrNull(r['install_year']),
    length_m: num(r['length_m']),
    lof: numOrNull(r['lof']),
    cof: num(r['cof']),
    bre: numOrNull(r['bre']),
  }));
}
