// SQL for the pipes of a dataset with the results of its SERVED analysis: results are always reached through
// datasets.analysis_id, never "the newest analysis", so a run in progress never shows. Runs under withTenant.
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AssetSortKey } from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import { pipeResults, visSegments } from '../../db/schema-analysis.ts';
import { datasets, pipes, valves, type PipeOverrides } from '../../db/schema-network.ts';

/**
 * Displayed attribute values: the user's override, else the provided value, else the served imputation.
 * asset-view.ts derives the matching DATA_ORIGIN statuses from the same three inputs.
 */
export const DISPLAYED = {
  diameter: sql<
    number | null
  >`COALESCE((${pipes.overrides}->>'diameterMm')::real, ${pipes.diameterMm}, ${pipeResults.imputedDiameter})`,
  installYear: sql<
    number | null
  >`COALESCE((${pipes.overrides}->>'installYear')::int, ${pipes.installYear}, ${pipeResults.imputedInstallYear})`,
  materialTypeCode: sql<
    number | null
  >`COALESCE((${pipes.overrides}->>'materialTypeCode')::int, ${pipes.materialTypeCode}, ${pipeResults.imputedMaterial})`,
};

/** pipes ⋈ datasets ⟕ pipe_results of the served analysis. */
const served = and(eq(pipeResults.analysisId, datasets.analysisId), eq(pipeResults.pipeId, pipes.id));

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Spec 000 §7 "conveyance assets by input id": the exact native id first, then prefix matches. */
export async function searchPipes(tx: Db, datasetId: number, q: string, limit: number) {
  return tx
    .select({ id: pipes.id, native_pipe_id: pipes.nativePipeId })
    .from(pipes)
    .where(
      and(
        eq(pipes.datasetId, datasetId),
        or(eq(pipes.nativePipeId, q), sql`lower(${pipes.nativePipeId}) LIKE lower(${`${escapeLike(q)}%`})`),
      ),
    )
    .orderBy(
      sql`${pipes.nativePipeId} = ${q} DESC`,
      sql`length(${pipes.nativePipeId})`,
      asc(pipes.nativePipeId),
      asc(pipes.id),
    )
    .limit(limit);
}

export async function findAsset(tx: Db, datasetId: number, pipeId: number) {
  const [row] = await tx
    .select({
      pipe: {
        id: pipes.id,
        nativePipeId: pipes.nativePipeId,
        address: pipes.address,
        lengthM: pipes.lengthM,
        diameterMm: pipes.diameterMm,
        installYear: pipes.installYear,
        materialTypeCode: pipes.materialTypeCode,
        overrides: pipes.overrides,
        abandoned: pipes.abandoned,
        breakCount: pipes.breakCount,
      },
      displayed: DISPLAYED,
      geometry: sql<string>`ST_AsGeoJSON(${pipes.geom})`,
      result: pipeResults,
      segment: {
        breaks: visSegments.breaks,
        pipes: visSegments.pipes,
        valveIds: visSegments.valveIds,
        valvesToClose: visSegments.valvesToClose,
      },
    })
    .from(pipes)
    .innerJoin(datasets, eq(datasets.id, pipes.datasetId))
    .leftJoin(pipeResults, served)
    .leftJoin(
      visSegments,
      and(
        eq(visSegments.analysisId, pipeResults.analysisId),
        eq(visSegments.segmentId, pipeResults.segmentId),
      ),
    )
    .where(and(eq(pipes.datasetId, datasetId), eq(pipes.id, pipeId)));
  return row;
}
export type AssetRecord = NonNullable<Awaited<ReturnType<typeof findAsset>>>;

/** Valves by database id, in the order given; ids not in the dataset are left out. */
export async function valveRefs(tx: Db, datasetId: number, ids: readonly number[] | null) {
  if (!ids?.length) return [];
  const rows = await tx
    .select({ id: valves.id, native_id: valves.nativeValveId })
    .from(valves)
    .where(and(eq(valves.datasetId, datasetId), inArray(valves.id, [...ids])));
  const byId = new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), native_id: r.native_id }]));
  return ids.flatMap((id) => byId.get(Number(id)) ?? []);
}

const SORT_COLUMNS: Record<AssetSortKey, SQL | typeof pipes.id> = {
  lof_12: sql`${pipeResults.lof12}`,
  lof_24: sql`${pipeResults.lof24}`,
  lof_36: sql`${pipeResults.lof36}`,
  lof_60: sql`${pipeResults.lof60}`,
  rank_12: sql`${pipeResults.rank12}`,
  rank_24: sql`${pipeResults.rank24}`,
  rank_36: sql`${pipeResults.rank36}`,
  rank_60: sql`${pipeResults.rank60}`,
  cof_total: sql`${pipeResults.cofTotal}`,
  bre: sql`${pipeResults.bre}`,
  install_year: DISPLAYED.installYear,
  diameter: DISPLAYED.diameter,
  length: sql`${pipes.lengthM}`,
  id: pipes.id,
};

export interface ListFilter {
  datasetId: number;
  polygonWkt?: string | undefined;
  ids?: readonly number[] | undefined;
  sort: readonly { key: AssetSortKey; desc: boolean }[];
  limit: number;
  offset: number;
}

export async function listAssets(tx: Db, f: ListFilter) {
  const where = and(
    eq(pipes.datasetId, f.datasetId),
    f.polygonWkt
      ? sql`${pipes.geom} && ST_GeomFromText(${f.polygonWkt}, 4326) AND ST_Intersects(${pipes.geom}, ST_GeomFromText(${f.polygonWkt}, 4326))`
      : undefined,
    f.ids ? inArray(pipes.id, [...f.ids]) : undefined,
  );
  const order = f.sort.map(
    ({ key, desc }) => sql`${SORT_COLUMNS[key]} ${desc ? sql`DESC` : sql`ASC`} NULLS LAST`,
  );
  const rows = await tx
    .select({
      id: pipes.id,
      native_pipe_id: pipes.nativePipeId,
      length: pipes.lengthM,
      diameter: DISPLAYED.diameter,
      install_year: DISPLAYED.installYear,
      material_type_code: DISPLAYED.materialTypeCode,
      lof_12: pipeResults.lof12,
      rank_12: pipeResults.rank12,
      cof_total: pipeResults.cofTotal,
      bre: pipeResults.bre,
    })
    .from(pipes)
    .innerJoin(datasets, eq(datasets.id, pipes.datasetId))
    .leftJoin(pipeResults, served)
    .where(where)
    .orderBy(...order, asc(pipes.id))
    .limit(f.limit)
    .offset(f.offset);
  const [total] = await tx.select({ n: count() }).from(pipes).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * True when the text is POLYGON/MULTIPOLYGON WKT, valid, with lon/lat inside EPSG:4326 bounds (an EWKT prefix
 * naming another SRID is refused: ST_GeomFromText would silently relabel it). Parsed in a
 * savepoint: a parse error aborts the statement, and on PostgreSQL an aborted statement would poison the
 * surrounding transaction.
 */
export async function isPolygonWkt(tx: Db, wkt: string): Promise<boolean> {
  try {
    return await tx.transaction(async (sp) => {
      const r = await sp.execute(sql`
        SELECT GeometryType(g) IN ('POLYGON', 'MULTIPOLYGON') AND ST_IsValid(g)
          AND ST_XMin(g) >= -180 AND ST_XMax(g) <= 180 AND ST_YMin(g) >= -90 AND ST_YMax(g) <= 90
          AND ST_SRID(ST_GeomFromEWKT(${wkt})) IN (0, 4326) AS ok
        FROM (SELECT ST_GeomFromText(${wkt}, 4326) AS g) s`);
      return r.rows[0]?.['ok'] === true;
    });
  } catch {
    return false;
  }
}

export type OverrideKey = keyof PipeOverrides;

/** Sets (or with null removes) one override; false when no such pipe is visible in the dataset. */
export async function setOverride(
  tx: Db,
  datasetId: number,
  pipeId: number,
  key: OverrideKey,
  value: number | null,
): Promise<boolean> {
  const overrides =
    value === null
      ? sql`${pipes.overrides} - ${key}::text`
      : sql`${pipes.overrides} || jsonb_build_object(${key}::text, ${value}::numeric)`;
  const rows = await tx
    .update(pipes)
    .set({ overrides })
    .where(and(eq(pipes.datasetId, datasetId), eq(pipes.id, pipeId)))
    .returning({ id: pipes.id });
  return rows.length > 0;
}

export async function setAbandoned(tx: Db, datasetId: number, pipeId: number, abandoned: boolean) {
  const rows = await tx
    .update(pipes)
    .set({ abandoned })
    .where(and(eq(pipes.datasetId, datasetId), eq(pipes.id, pipeId)))
    .returning({ id: pipes.id });
  return rows.length > 0;
}
