// SQL of projects and their pipes. Runs under withTenant (row-level security keeps rows to the caller's client).
// The project area is stored as a MultiPolygon and read back as WKT; the image (a data URL, up to 3 MB) is read
// only by the image route.
import { and, asc, count, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { projectPipes, projects } from '../../db/schema-planner.ts';
import {
  FIGURES_JOINS,
  FIGURES_JSON,
  fromFiguresJson,
  jsonOf,
  type PipeFigures,
} from './planner-pipes.repository.ts';

const { image: _image, projectArea: _area, ...plainColumns } = getTableColumns(projects);
const columns = {
  ...plainColumns,
  projectAreaWkt: sql<string | null>`ST_AsText(${projects.projectArea})`,
  hasImage: sql<boolean>`(${projects.image} IS NOT NULL)`,
};

export type ProjectRecord = Omit<typeof projects.$inferSelect, 'image' | 'projectArea'> & {
  projectAreaWkt: string | null;
  hasImage: boolean;
};

export const PROJECT_SORTS = ['id', 'name', 'start_date', 'status'] as const;
export type ProjectSortKey = (typeof PROJECT_SORTS)[number];
const SORT_COLUMNS = {
  id: projects.id,
  name: projects.name,
  start_date: projects.startDate,
  status: projects.status,
} as const;

export interface Page<K extends string> {
  sort: readonly { key: K; desc: boolean }[];
  limit: number;
  offset: number;
}

export async function listOfDataset(
  tx: Db,
  datasetId: number,
  page: Page<ProjectSortKey> & { inspectorId?: number },
) {
  const order = page.sort.map(({ key, desc: d }) => (d ? desc(SORT_COLUMNS[key]) : asc(SORT_COLUMNS[key])));
  const where = and(
    eq(projects.datasetId, datasetId),
    page.inspectorId === undefined ? undefined : eq(projects.inspectorId, page.inspectorId),
  );
  const rows = await tx
    .select(columns)
    .from(projects)
    .where(where)
    .orderBy(...order, desc(projects.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(projects).where(where);
  return { rows: rows as ProjectRecord[], total: Number(total?.n ?? 0) };
}

export async function find(tx: Db, id: number): Promise<ProjectRecord | undefined> {
  const [row] = await tx.select(columns).from(projects).where(eq(projects.id, id));
  return row as ProjectRecord | undefined;
}

export async function image(tx: Db, id: number): Promise<string | null | undefined> {
  const [row] = await tx.select({ image: projects.image }).from(projects).where(eq(projects.id, id));
  return row?.image;
}

/** The pipes of the given projects with their figures, by project then pipe id. */
export async function itemsOf(
  tx: Db,
  projectIds: readonly number[],
): Promise<(PipeFigures & { projectId: number })[]> {
  if (projectIds.length === 0) return [];
  const tuples = await jsonOf<[number, Parameters<typeof fromFiguresJson>[0]][]>(
    tx,
    sql`SELECT json_agg(json_build_array(pp.project_id, ${FIGURES_JSON}) ORDER BY pp.project_id, p.id)::text AS j
        FROM project_pipes pp JOIN pipes p ON p.id = pp.pipe_id ${FIGURES_JOINS}
        WHERE pp.project_id = ANY(${`{${projectIds.join(',')}}`}::int[])`,
  );
  return (tuples ?? []).map(([projectId, figures]) => ({ ...fromFiguresJson(figures), projectId }));
}

/** The area column's value: a MultiPolygon from WKT, or null. */
export const areaValue = (wkt: string | null): SQL | null =>
  wkt === null ? null : sql`ST_Multi(ST_GeomFromText(${wkt}, 4326))`;

export type ProjectValues = Omit<typeof projects.$inferInsert, 'projectArea'> & { projectArea?: SQL | null };

export async function insert(tx: Db, values: ProjectValues): Promise<number> {
  const [row] = await tx
    .insert(projects)
    .values(values as typeof projects.$inferInsert)
    .returning({ id: projects.id });
  return row!.id;
}

export type ProjectChanges = Partial<Omit<ProjectValues, 'id' | 'clientId' | 'datasetId' | 'createdBy'>>;

export async function update(tx: Db, id: number, changes: ProjectChanges): Promise<void> {
  await tx
    .update(projects)
    .set({ ...changes, updatedAt: new Date() } as Partial<typeof projects.$inferInsert>)
    .where(eq(projects.id, id));
}

/** Takes every pipe out of the project (before its new ones go in, after any status change). */
export async function clearPipes(tx: Db, projectId: number) {
  await tx.delete(projectPipes).where(eq(projectPipes.projectId, projectId));
}

/**
 * Adds pipes in one statement, whatever their number. The rows take the project's `active` (the key to projects
 * demands it); a pipe another active project holds fails the one-active-project index (bookings.ts), which the
 * conflict target here deliberately does not swallow.
 */
export async function addPipes(tx: Db, projectId: number, clientId: number, pipeIds: readonly number[]) {
  await tx.execute(sql`
    INSERT INTO project_pipes (project_id, pipe_id, client_id, active)
    SELECT pj.id, ids.id, ${clientId}, pj.active
    FROM unnest(${`{${pipeIds.join(',')}}`}::bigint[]) AS ids(id) JOIN projects pj ON pj.id = ${projectId}
    ON CONFLICT (project_id, pipe_id) DO NOTHING`);
}

/** The project's pipe ids. */
export async function pipeIdsOf(tx: Db, projectId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: projectPipes.pipeId })
    .from(projectPipes)
    .where(eq(projectPipes.projectId, projectId));
  return rows.map((r) => Number(r.id));
}

export async function remove(tx: Db, id: number): Promise<boolean> {
  const rows = await tx.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
  return rows.length > 0;
}

/** Every project of a dataset for the map: area as GeoJSON, its pipe ids and their extent (PLAN-PRJ-08, issue 36). */
export async function geometryOfDataset(tx: Db, datasetId: number) {
  const rows = await tx.execute(sql`
    SELECT pj.id, pj.name, pj.status, ST_AsGeoJSON(pj.project_area) AS area,
      COALESCE(array_agg(pp.pipe_id ORDER BY pp.pipe_id) FILTER (WHERE pp.pipe_id IS NOT NULL), '{}') AS pipe_ids,
      ST_XMin(ST_Extent(p.geom)) AS xmin, ST_YMin(ST_Extent(p.geom)) AS ymin,
      ST_XMax(ST_Extent(p.geom)) AS xmax, ST_YMax(ST_Extent(p.geom)) AS ymax
    FROM projects pj LEFT JOIN project_pipes pp ON pp.project_id = pj.id LEFT JOIN pipes p ON p.id = pp.pipe_id
    WHERE pj.dataset_id = ${datasetId}
    GROUP BY pj.id ORDER BY pj.id DESC`);
  return rows.rows.map((r) => ({
    id: Number(r['id']),
    name: String(r['name']),
    status: Number(r['status']),
    area: r['area'] == null ? null : (JSON.parse(String(r['area'])) as unknown),
    pipe_ids: (r['pipe_ids'] as unknown[]).map(Number),
    pipes_bbox:
      r['xmin'] == null
        ? null
        : ([Number(r['xmin']), Number(r['ymin']), Number(r['xmax']), Number(r['ymax'])] as [
            number,
            number,
            number,
            number,
          ]),
  }));
}

export async function proposalTaken(tx: Db, proposalId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.proposalId, proposalId));
  return row !== undefined;
}

/** Those of the ids that are users of the caller's client (row-level security hides every other user). */
export async function usersOfClient(tx: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx.execute(sql`SELECT id FROM users WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`);
  return new Set(rows.rows.map((r) => Number(r['id'])));
}

/** The pipes' geometries as GeoJSON text, by pipe id. */
export async function pipeGeometries(tx: Db, projectId: number): Promise<Map<number, string>> {
  const rows = await tx.execute(sql`
    SELECT p.id, ST_AsGeoJSON(p.geom) AS geom
    FROM project_pipes pp JOIN pipes p ON p.id = pp.pipe_id
    WHERE pp.project_id = ${projectId}`);
  return new Map(rows.rows.map((r) => [Number(r['id']), String(r['geom'])]));
}
