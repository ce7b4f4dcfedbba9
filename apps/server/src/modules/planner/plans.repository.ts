// SQL of plans and proposals. Runs under withTenant (row-level security keeps rows to the caller's client). A
// proposal's project is the project whose proposal_id names it (unique), so it needs no column of its own.
import { asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { BookedPipe } from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import { plans, proposals, type PlanRow } from '../../db/schema-planner.ts';
import type { Page } from './projects.repository.ts';

const { area: _area, ...plainColumns } = getTableColumns(plans);
const columns = { ...plainColumns, areaWkt: sql<string | null>`ST_AsText(${plans.area})` };

export type PlanRecord = Omit<PlanRow, 'area'> & { areaWkt: string | null };

export const PLAN_SORTS = ['id', 'name'] as const;
export type PlanSortKey = (typeof PLAN_SORTS)[number];
const SORT_COLUMNS = { id: plans.id, name: plans.name } as const;

export async function listOfDataset(tx: Db, datasetId: number, page: Page<PlanSortKey>) {
  const order = page.sort.map(({ key, desc: d }) => (d ? desc(SORT_COLUMNS[key]) : asc(SORT_COLUMNS[key])));
  const rows = await tx
    .select(columns)
    .from(plans)
    .where(eq(plans.datasetId, datasetId))
    .orderBy(...order, desc(plans.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(plans).where(eq(plans.datasetId, datasetId));
  return { rows: rows as PlanRecord[], total: Number(total?.n ?? 0) };
}

export async function countOfDataset(tx: Db, datasetId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(plans).where(eq(plans.datasetId, datasetId));
  return Number(row?.n ?? 0);
}

export async function find(tx: Db, id: number): Promise<PlanRecord | undefined> {
  const [row] = await tx.select(columns).from(plans).where(eq(plans.id, id));
  return row as PlanRecord | undefined;
}

export type PlanValues = Omit<typeof plans.$inferInsert, 'area'> & { area: ReturnType<typeof sql> | null };

export async function insert(tx: Db, values: PlanValues): Promise<number> {
  const [row] = await tx
    .insert(plans)
    .values(values as typeof plans.$inferInsert)
    .returning({ id: plans.id });
  return row!.id;
}

export async function remove(tx: Db, id: number): Promise<boolean> {
  const rows = await tx.delete(plans).where(eq(plans.id, id)).returning({ id: plans.id });
  return rows.length > 0;
}

/** A proposal as the API shows it: with its pipes' geometry as one MultiLineString and its project, if any. */
export interface ProposalRecord {
  id: number;
  planId: number;
  rank: number;
  pipeIds: number[];
  lengthM: number;
  cost: number;
  risk: number;
  projectLof: number | null;
  geometry: unknown;
  projectId: number | null;
  /** Its pipes held now by an active project other than the one made from it (issue 36). */
  booked: BookedPipe[];
}

const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

async function selectProposals(tx: Db, where: ReturnType<typeof sql>): Promise<ProposalRecord[]> {
  // ST_Dump: the pipes are MultiLineStrings, and a collection of those would be a GeometryCollection.
  const rows = await tx.execute(sql`
    SELECT pr.id, pr.plan_id, pr.rank, pr.pipe_ids, pr.length_m, pr.cost, pr.risk, pr.project_lof,
      pj.id AS project_id,
      (SELECT ST_AsGeoJSON(ST_Collect(part.geom)) FROM pipes p, LATERAL ST_Dump(p.geom) AS part
        WHERE p.id = ANY(pr.pipe_ids)) AS geometry,
      (SELECT json_agg(json_build_array(pp.pipe_id, p.native_pipe_id, bj.id, bj.name) ORDER BY p.native_pipe_id)
        FROM project_pipes pp JOIN projects bj ON bj.id = pp.project_id JOIN pipes p ON p.id = pp.pipe_id
        WHERE pp.active AND pp.pipe_id = ANY(pr.pipe_ids) AND bj.id IS DISTINCT FROM pj.id)::text AS booked
    FROM proposals pr LEFT JOIN projects pj ON pj.proposal_id = pr.id
    WHERE ${where}
    ORDER BY pr.rank`);
  return rows.rows.map((r) => ({
    id: Number(r['id']),
    planId: Number(r['plan_id']),
    rank: Number(r['rank']),
    pipeIds: ids(r['pipe_ids']),
    lengthM: Number(r['length_m']),
    cost: Number(r['cost']),
    risk: Number(r['risk']),
    projectLof: r['project_lof'] == null ? null : Number(r['project_lof']),
    geometry: r['geometry'] == null ? null : (JSON.parse(String(r['geometry'])) as unknown),
    projectId: r['project_id'] == null ? null : Number(r['project_id']),
    booked:
      r['booked'] == null
        ? []
        : (JSON.parse(String(r['booked'])) as [number, string, number, string][]).map(
            ([pipe, nativeId, project, name]) => ({
              pipe_id: Number(pipe),
              native_pipe_id: nativeId,
              project_id: Number(project),
              project_name: name,
            }),
          ),
  }));
}

export const proposalsOfPlan = (tx: Db, planId: number) => selectProposals(tx, sql`pr.plan_id = ${planId}`);

export async function findProposal(tx: Db, id: number): Promise<ProposalRecord | undefined> {
  const [row] = await selectProposals(tx, sql`pr.id = ${id}`);
  return row;
}

export type ProposalValues = Omit<typeof proposals.$inferInsert, 'id' | 'planId' | 'clientId'>;

/**
 * The job's result in one short transaction: the plan's figures, and its proposals replacing any of an earlier
 * attempt. False when the plan was deleted meanwhile (nothing is written).
 */
export async function storeResult(
  tx: Db,
  plan: { id: number; clientId: number },
  figures: Partial<typeof plans.$inferInsert>,
  rows: readonly ProposalValues[],
): Promise<boolean> {
  const updated = await tx
    .update(plans)
    .set({ ...figures, proposalCount: rows.length, finishedAt: new Date() })
    .where(eq(plans.id, plan.id))
    .returning({ id: plans.id });
  if (updated.length === 0) return false;
  await tx.delete(proposals).where(eq(proposals.planId, plan.id));
  if (rows.length > 0) {
    await tx.insert(proposals).values(rows.map((r) => ({ ...r, planId: plan.id, clientId: plan.clientId })));
  }
  return true;
}

/** Moves the plan to another state (running, failed); false when it is gone. */
export async function setState(
  tx: Db,
  id: number,
  changes: Pick<Partial<typeof plans.$inferInsert>, 'state' | 'error' | 'finishedAt' | 'analysisId'>,
): Promise<boolean> {
  const rows = await tx.update(plans).set(changes).where(eq(plans.id, id)).returning({ id: plans.id });
  return rows.length > 0;
}
