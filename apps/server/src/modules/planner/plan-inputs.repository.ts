// What the auto planner needs of a dataset, in one query (docs/api-planner.md 'Plans'): per pipe in service with a
// figure for the criterion in the served analysis, its length, diameter, LOF, BRE and its two end points (the
// start of its first part and the end of its last), from which the engine derives the network's nodes. Pipes an
// active project holds are left out unless the plan includes them (issue 36), and counted either way.
import { sql } from 'drizzle-orm';
import type { RiskCriterion } from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import { DIAMETER, insideArea, jsonOf } from './planner-pipes.repository.ts';

export interface PlanInputPipe {
  id: number;
  lengthM: number;
  diameterMm: number | null;
  lof12: number | null;
  risk: number;
  start: [number, number];
  end: [number, number];
}

type InputTuple = [
  number,
  number,
  number | null,
  number | null,
  number,
  number,
  number,
  number,
  number,
  number,
  boolean,
];

export async function loadPlanInputs(
  tx: Db,
  q: { datasetId: number; criterion: RiskCriterion; areaWkt: string | null; includeBooked: boolean },
): Promise<{ analysisId: number | null; pipes: PlanInputPipe[]; booked: number }> {
  const risk = q.criterion === 'bre' ? sql`pr.bre` : sql`pr.lof_12`;
  const tuples = await jsonOf<InputTuple[]>(
    tx,
    sql`SELECT json_agg(json_build_array(p.id, p.length_m, ${DIAMETER}, pr.lof_12, ${risk}, pr.analysis_id,
          ST_X(s.pt), ST_Y(s.pt), ST_X(e.pt), ST_Y(e.pt),
          EXISTS (SELECT 1 FROM project_pipes pp WHERE pp.pipe_id = p.id AND pp.active)) ORDER BY p.id)::text AS j
        FROM pipes p
          JOIN datasets d ON d.id = p.dataset_id
          JOIN pipe_results pr ON pr.analysis_id = d.analysis_id AND pr.pipe_id = p.id
          CROSS JOIN LATERAL (SELECT ST_StartPoint(ST_GeometryN(p.geom, 1)) AS pt) s
          CROSS JOIN LATERAL (SELECT ST_EndPoint(ST_GeometryN(p.geom, ST_NumGeometries(p.geom))) AS pt) e
        WHERE p.dataset_id = ${q.datasetId} AND NOT p.abandoned AND ${risk} IS NOT NULL
          ${q.areaWkt ? sql`AND ${insideArea(q.areaWkt)}` : sql``}`,
  );
  const all = tuples ?? [];
  const booked = all.filter((t) => t[10]).length;
  const pipes = all
    .filter((t) => q.includeBooked || !t[10])
    .map((t) => ({
      id: t[0],
      lengthM: t[1],
      diameterMm: t[2],
      lof12: t[3],
      risk: Math.max(0, t[4]),
      start: [t[6], t[7]] as [number, number],
      end: [t[8], t[9]] as [number, number],
    }));
  return { analysisId: all[0]?.[5] ?? null, pipes, booked };
}
