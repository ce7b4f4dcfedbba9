// SQL for the served analysis beyond single pipes: valve isolation segments, area aggregates, assessment
// totals and per-pipe entries, and the spatial "what lies in this polygon" of the map's boundary tool.
// Callers pass the served analysis id (datasets.analysis_id); runs under withTenant.
import { TOP_RISK_MIN_LEVEL } from '@pipewise/domain';
import { and, asc, count, eq, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { areaResults, pipeResults, visSegments } from '../../db/schema-analysis.ts';
import { areas, pipes } from '../../db/schema-network.ts';

/** Pipes listed for one segment (a VIS record, a break's affected pipes): a valveless network is one huge segment. */
export const SEGMENT_PIPE_LIST_LIMIT = 500;

export async function findSegment(tx: Db, analysisId: number, segmentId: number) {
  const [row] = await tx
    .select({
      segment: visSegments,
      geometry: sql<string>`ST_AsGeoJSON(${visSegments.geom})`,
    })
    .from(visSegments)
    .where(and(eq(visSegments.analysisId, analysisId), eq(visSegments.segmentId, segmentId)));
  return row;
}

/** What a break isolates in a segment (its pipe count and closing valves), without the geometry findSegment serialises. */
export async function segmentIsolation(tx: Db, analysisId: number, segmentId: number) {
  const [row] = await tx
    .select({ pipes: visSegments.pipes, valvesToClose: visSegments.valvesToClose })
    .from(visSegments)
    .where(and(eq(visSegments.analysisId, analysisId), eq(visSegments.segmentId, segmentId)));
  return row;
}

/**
 * The segment's pipes ascending by id, at most `limit`, and whether there are more (one extra row read, no count).
 * Integer equality is leakproof, so the indexes serve under row-level security: a usual segment is found through
 * (analysis_id, segment_id) and its few rows sorted; for a huge one the planner may instead walk the primary key
 * (analysis_id, pipe_id) in order and stop after `limit` + 1 matches.
 */
export async function segmentPipes(
  tx: Db,
  q: { datasetId: number; analysisId: number; segmentId: number; limit: number },
): Promise<{ pipes: { id: number; native_id: string }[]; truncated: boolean }> {
  const rows = await tx
    .select({ id: pipeResults.pipeId, native_id: pipes.nativePipeId })
    .from(pipeResults)
    .innerJoin(pipes, eq(pipes.id, pipeResults.pipeId))
    .where(
      and(
        eq(pipeResults.analysisId, q.analysisId),
        eq(pipeResults.segmentId, q.segmentId),
        eq(pipes.datasetId, q.datasetId),
      ),
    )
    .orderBy(asc(pipeResults.pipeId))
    .limit(q.limit + 1);
  return { pipes: rows.slice(0, q.limit), truncated: rows.length > q.limit };
}

/**
 * The share 0–1 of the segment's pipe length in the top risk tiers (BRE level ≥ TOP_RISK_MIN_LEVEL), null without
 * length. Read on demand from its pipes' rows (the segment index): the segments are stored by the LOF stage, before
 * any BRE, and a pipe edit changes a BRE level in place, so a stored copy would have to follow both.
 */
export async function segmentTopRiskShare(
  tx: Db,
  q: { datasetId: number; analysisId: number; segmentId: number },
): Promise<number | null> {
  const [row] = await tx
    .select({
      top: sql<
        number | null
      >`sum(${pipes.lengthM}) FILTER (WHERE ${pipeResults.breLevel} >= ${TOP_RISK_MIN_LEVEL})`,
      total: sum(pipes.lengthM).mapWith(Number),
    })
    .from(pipeResults)
    .innerJoin(pipes, eq(pipes.id, pipeResults.pipeId))
    .where(
      and(
        eq(pipeResults.analysisId, q.analysisId),
        eq(pipeResults.segmentId, q.segmentId),
        eq(pipes.datasetId, q.datasetId),
        eq(pipes.abandoned, false),
      ),
    );
  const total = row?.total ?? 0;
  return total > 0 ? Number(row?.top ?? 0) / total : null;
}

export type IntersectLayer = 'pipes' | 'vis' | 'mesh' | 'district' | 'custom_zone';

/** Ids of what intersects the polygon (already checked by isPolygonWkt): pipe, segment or area ids. */
export async function intersecting(
  tx: Db,
  q: { datasetId: number; analysisId: number | null; layer: IntersectLayer; wkt: string },
): Promise<number[]> {
  // The explicit && lets the GiST index serve under row-level security (only LEAKPROOF operators may; migration 0005).
  const poly = sql`ST_GeomFromText(${q.wkt}, 4326)`;
  if (q.layer === 'pipes') {
    const rows = await tx
      .select({ id: pipes.id })
      .from(pipes)
      .where(
        and(
          eq(pipes.datasetId, q.datasetId),
          sql`${pipes.geom} && ${poly} AND ST_Intersects(${pipes.geom}, ${poly})`,
        ),
      )
      .orderBy(asc(pipes.id));
    return rows.map((r) => Number(r.id));
  }
  if (q.layer === 'vis') {
    if (q.analysisId === null) return [];
    const rows = await tx
      .select({ id: visSegments.segmentId })
      .from(visSegments)
      .where(
        and(
          eq(visSegments.analysisId, q.analysisId),
          sql`${visSegments.geom} && ${poly} AND ST_Intersects(${visSegments.geom}, ${poly})`,
        ),
      )
      .orderBy(asc(visSegments.segmentId));
    return rows.map((r) => r.id);
  }
  const rows = await tx
    .select({ id: areas.id })
    .from(areas)
    .where(
      and(
        eq(areas.datasetId, q.datasetId),
        eq(areas.kind, q.layer),
        sql`${areas.geom} && ${poly} AND ST_Intersects(${areas.geom}, ${poly})`,
      ),
    )
    .orderBy(asc(areas.id));
  return rows.map((r) => Number(r.id));
}

export async function findArea(
  tx: Db,
  q: {
    datasetId: number;
    analysisId: number | null;
    kind: 'mesh' | 'district' | 'custom_zone';
    nativeId: string;
  },
) {
  const [row] = await tx
    .select({
      id: areas.id,
      nativeId: areas.nativeId,
      name: areas.name,
      geometry: sql<string>`ST_AsGeoJSON(${areas.geom})`,
      result: {
        pipes: areaResults.pipes,
        lengthM: areaResults.lengthM,
        lof12: areaResults.lof12,
        expectedBreaks12: areaResults.expectedBreaks12,
        topRiskLengthM: areaResults.topRiskLengthM,
        riskDrivers: areaResults.riskDrivers,
      },
    })
    .from(areas)
    .leftJoin(
      areaResults,
      and(eq(areaResults.areaId, areas.id), eq(areaResults.analysisId, q.analysisId ?? -1)),
    )
    .where(and(eq(areas.datasetId, q.datasetId), eq(areas.kind, q.kind), eq(areas.nativeId, q.nativeId)))
    .orderBy(asc(areas.id))
    .limit(1);
  return row;
}

/** Every area of a kind with its aggregate in the analysis (none: nulls), by native id. */
export async function listAreas(
  tx: Db,
  q: { datasetId: number; analysisId: number | null; kind: 'mesh' | 'district' | 'custom_zone' },
) {
  return tx
    .select({
      id: areas.id,
      nativeId: areas.nativeId,
      name: areas.name,
      pipes: areaResults.pipes,
      lengthM: areaResults.lengthM,
      lof12: areaResults.lof12,
      expectedBreaks12: areaResults.expectedBreaks12,
      topRiskLengthM: areaResults.topRiskLengthM,
    })
    .from(areas)
    .leftJoin(
      areaResults,
      and(eq(areaResults.areaId, areas.id), eq(areaResults.analysisId, q.analysisId ?? -1)),
    )
    .where(and(eq(areas.datasetId, q.datasetId), eq(areas.kind, q.kind)))
    .orderBy(asc(areas.nativeId), asc(areas.id));
}

/** How many pipes carry each figure, and the COF and BRE sums, in one analysis. */
export async function resultTotals(tx: Db, analysisId: number) {
  const [row] = await tx
    .select({
      lofPipes: count(pipeResults.lof12),
      cofPipes: count(pipeResults.cofTotal),
      brePipes: count(pipeResults.bre),
      cofTotal: sum(pipeResults.cofTotal).mapWith(Number),
      breTotal: sum(pipeResults.bre).mapWith(Number),
    })
    .from(pipeResults)
    .where(eq(pipeResults.analysisId, analysisId));
  return row!;
}

export async function findEntry(tx: Db, q: { datasetId: number; analysisId: number; pipeId: number }) {
  const [row] = await tx
    .select({ nativePipeId: pipes.nativePipeId, result: pipeResults })
    .from(pipeResults)
    .innerJoin(pipes, eq(pipes.id, pipeResults.pipeId))
    .where(
      and(
        eq(pipeResults.analysisId, q.analysisId),
        eq(pipeResults.pipeId, q.pipeId),
        eq(pipes.datasetId, q.datasetId),
      ),
    );
  return row;
}
