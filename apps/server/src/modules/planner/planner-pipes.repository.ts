// The planner's view of pipes: length, diameter and the served analysis's LOF and BRE, read in one query per call
// (no per-pipe round trips). Results are reached through datasets.analysis_id only, as everywhere. Runs under
// withTenant; every spatial filter keeps an explicit && so the GiST index is used under row-level security.
//
// Large answers come back as ONE JSON text (json_agg / array_agg) rather than as rows: turning 100k rows into
// objects costs PGlite seconds (and holds its only connection meanwhile), JSON.parse of the same text ~50 ms.
import { sql, type SQL } from 'drizzle-orm';
import type { RiskCriterion } from '@pipewise/domain';
import type { Db } from '../../db/database.ts';

/** A pipe as the planner sees it. */
export interface PipeFigures {
  id: number;
  nativePipeId: string;
  lengthM: number;
  /** Override, else the pipe's own, else the value the served analysis used or imputed. */
  diameterMm: number | null;
  lof12: number | null;
  bre: number | null;
}

export const DIAMETER = sql`COALESCE((p.overrides->>'diameterMm')::real, p.diameter_mm, pr.diameter_mm,
  pr.imputed_diameter)`;

/** `p` is pipes, `pr` the served pipe_results row (or nulls): for conditions and extra columns. */
export const FIGURES_JOINS = sql`JOIN datasets d ON d.id = p.dataset_id
  LEFT JOIN pipe_results pr ON pr.analysis_id = d.analysis_id AND pr.pipe_id = p.id`;
/** One JSON array per pipe, read back by fromFiguresJson (keep the two in step). */
export const FIGURES_JSON = sql`json_build_array(p.id, p.native_pipe_id, p.length_m, ${DIAMETER}, pr.lof_12, pr.bre)`;

type FiguresTuple = [number, string, number, number | null, number | null, number | null];
export const fromFiguresJson = (t: FiguresTuple): PipeFigures => ({
  id: t[0],
  nativePipeId: t[1],
  lengthM: t[2],
  diameterMm: t[3],
  lof12: t[4],
  bre: t[5],
});

/** The one JSON text a json_agg query answers (null when no row matched), parsed. */
export async function jsonOf<T>(tx: Db, query: SQL): Promise<T | null> {
  const rows = await tx.execute(query);
  const text = rows.rows[0]?.['j'];
  return text == null ? null : (JSON.parse(String(text)) as T);
}

/** Inside a (multi)polygon WKT, index-assisted under RLS. */
export const insideArea = (wkt: string): SQL =>
  sql`p.geom && ST_GeomFromText(${wkt}, 4326) AND ST_Intersects(p.geom, ST_GeomFromText(${wkt}, 4326))`;

const idArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** The dataset's pipes in service (an abandoned pipe is not repaired) with the criterion's figure, in id order. */
export async function riskCandidates(
  tx: Db,
  q: { datasetId: number; criterion: RiskCriterion; areaWkt: string | null },
): Promise<{ id: number[]; len: number[]; risk: (number | null)[] }> {
  const risk = q.criterion === 'bre' ? sql`pr.bre` : sql`pr.lof_12`;
  // The three aggregates read the rows in the same order, so index i of each is one pipe.
  const found = await jsonOf<{ id: number[]; len: number[]; risk: (number | null)[] }>(
    tx,
    sql`SELECT json_build_object('id', array_agg(p.id), 'len', array_agg(p.length_m), 'risk', array_agg(${risk}))::text AS j
        FROM pipes p ${FIGURES_JOINS}
        WHERE p.dataset_id = ${q.datasetId} AND NOT p.abandoned ${q.areaWkt ? sql`AND ${insideArea(q.areaWkt)}` : sql``}
        HAVING count(*) > 0`,
  );
  return found ?? { id: [], len: [], risk: [] };
}

/** The figures of the given pipes of the dataset, in the order of the ids. */
export async function figuresOf(tx: Db, datasetId: number, ids: readonly number[]): Promise<PipeFigures[]> {
  if (ids.length === 0) return [];
  const tuples = await jsonOf<FiguresTuple[]>(
    tx,
    sql`SELECT json_agg(${FIGURES_JSON})::text AS j FROM pipes p ${FIGURES_JOINS}
        WHERE p.dataset_id = ${datasetId} AND p.id = ANY(${idArray(ids)}::bigint[])`,
  );
  const byId = new Map((tuples ?? []).map((t) => [t[0], fromFiguresJson(t)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Ids of the dataset's pipes in service inside the area (a project drawn on the map). */
export async function servicePipeIdsInArea(tx: Db, datasetId: number, areaWkt: string): Promise<number[]> {
  const ids = await jsonOf<number[]>(
    tx,
    sql`SELECT json_agg(p.id ORDER BY p.id)::text AS j FROM pipes p
        WHERE p.dataset_id = ${datasetId} AND NOT p.abandoned AND ${insideArea(areaWkt)}`,
  );
  return ids ?? [];
}

/** Those of the ids that are pipes of the dataset. */
export async function pipeIdsOfDataset(
  tx: Db,
  datasetId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const known = await jsonOf<number[]>(
    tx,
    sql`SELECT json_agg(p.id)::text AS j FROM pipes p
        WHERE p.dataset_id = ${datasetId} AND p.id = ANY(${idArray(ids)}::bigint[])`,
  );
  return new Set(known ?? []);
}
