// COF and BRE per mesh cell, district or custom zone: the one report figure that needs geometry. Membership is the
// analysis' own (load-inputs.ts areaMembership: a pipe belongs to the areas holding its ST_PointOnSurface), so the
// totals cover exactly the pipes area_results counted. Even driven by the indexes this is ~1 s of GEOS work on 100k
// pipes (bench/results/reports.json), so each answer is kept per served analysis: an analysis' results never
// change (a re-run or COF re-run is a new analysis id), nor do a dataset's pipes' geometry and its areas (a new
// import is a new dataset). The one thing that moves is a pipe marked abandoned by an edit: until the edit's re-run
// is served, a cached total still counts it — as area_results' pipes and metres do, which the analysis stored.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { AreaKind } from '../../db/schema-network.ts';
import { num, rowsOf, type ReportRun } from './report-context.ts';

export interface AreaMoney {
  cof: number;
  bre: number;
}
type Totals = Map<number, AreaMoney>;

/** Per database (tests and benches run several in one process); a few served analyses × 3 kinds each. */
const caches = new WeakMap<Database, Map<string, Promise<Totals>>>();
const MAX_ENTRIES = 48;

/**
 * Driven from the areas: for each, the pipes whose box meets it through the pipes' GiST index (the explicit && is
 * what lets an index serve under row-level security: only LEAKPROOF operators may, migration 0005), each pipe's point
 * tested against the one polygon, which PostGIS then keeps prepared across the area's pipes.
 */
async function query(run: ReportRun, kind: AreaKind): Promise<Totals> {
  const { ctx } = run;
  const rows = await rowsOf(
    run.tx,
    sql`
      SELECT a.id, sum(pr.cof_total)::float8 AS cof, sum(pr.bre)::float8 AS bre
      FROM areas a
      JOIN pipes p ON p.dataset_id = ${ctx.datasetId} AND p.geom && a.geom AND NOT p.abandoned
        AND NOT ST_IsEmpty(p.geom) AND ST_Intersects(a.geom, ST_PointOnSurface(p.geom))
      JOIN pipe_results pr ON pr.analysis_id = ${ctx.analysisId} AND pr.pipe_id = p.id
      WHERE a.dataset_id = ${ctx.datasetId} AND a.kind = ${kind}
      GROUP BY a.id`,
  );
  return new Map(rows.map((r) => [num(r['id']), { cof: num(r['cof']), bre: num(r['bre']) }]));
}

export function areaTotals(run: ReportRun, kind: AreaKind): Promise<Totals> {
  let cache = caches.get(run.database);
  if (!cache) caches.set(run.database, (cache = new Map()));
  const key = `${run.ctx.analysisId}:${kind}`;
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last: the first key is the one to drop.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const answer = query(run, kind);
  cache.set(key, answer);
  // A failed pass (e.g. a cancelled request's transaction) is not remembered.
  answer.catch(() => cache.delete(key));
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return answer;
}
