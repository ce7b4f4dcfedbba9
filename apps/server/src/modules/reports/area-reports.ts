// The area pages (area_mesh, area_district, area_custom_zone): one row per mesh cell, district or custom zone of the
// dataset, with the aggregate the analysis stored for it (area_results: pipes, metres, LOF 12, expected breaks,
// drivers, and the COF and BRE totals and high-risk length of its pipes in service, which the COF stage adds up: no
// spatial pass per request).
import { withoutExposure, type AreaRow } from '@pipewise/domain';
import { sql } from 'drizzle-orm';
import type { AreaKind } from '../../db/schema-network.ts';
import { driverName, num, numArray, numOrNull, rowsOf, type ReportRun } from './report-context.ts';

export async function areaReport(run: ReportRun, kind: AreaKind): Promise<AreaRow[]> {
  const { ctx } = run;
  const cof = ctx.gates.cof;
  const bre = ctx.gates.bre === 'open';
  const rows = await rowsOf(
    run.tx,
    sql`
      SELECT a.id, a.native_id, a.name, COALESCE(ar.pipes, 0) AS pipes, COALESCE(ar.length_m, 0)::float8 AS length_m,
        ar.lof_12, ar.expected_breaks_12, ar.top_risk_length_m, ar.risk_drivers, COALESCE(ar.total_cof, 0)::float8 AS total_cof,
        COALESCE(ar.total_bre, 0)::float8 AS total_bre
      FROM areas a
      LEFT JOIN area_results ar ON ar.analysis_id = ${ctx.analysisId} AND ar.area_id = a.id
      WHERE a.dataset_id = ${ctx.datasetId} AND a.kind = ${kind}
      ORDER BY a.id`,
  );
  return rows.map((r) => {
    const id = num(r['id']);
    return {
      area_id: id,
      native_id: r['native_id'] == null ? null : String(r['native_id']),
      name: r['name'] == null ? null : String(r['name']),
      pipes: num(r['pipes']),
      length_m: num(r['length_m']),
      lof_12: numOrNull(r['lof_12']),
      expected_breaks_12: numOrNull(r['expected_breaks_12']),
      top_risk_share: bre ? shareOf(numOrNull(r['top_risk_length_m']), num(r['length_m'])) : null,
      risk_driver_names: withoutExposure(numArray(r['risk_drivers'])).map((code) =>
        driverName(code, ctx.language, ctx.columnDrivers),
      ),
      // An area holding no priced pipe has 0, not null: null says "not yours to see".
      total_cof: cof ? num(r['total_cof']) : null,
      total_bre: bre ? num(r['total_bre']) : null,
    };
  });
}

const shareOf = (part: number | null, whole: number) => (part === null || whole <= 0 ? null : part / whole);
