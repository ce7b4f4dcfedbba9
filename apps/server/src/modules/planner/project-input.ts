// Checks of a project's fields that need the database (TBD-13 and docs/api-planner.md), each a 400 naming the
// field, and the mapping of the wire fields to columns.
import type { ProjectUpdate } from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import { fieldError } from '../../lib/errors.ts';
import { isPolygonWkt } from '../assets/assets.repository.ts';
import { pipeIdsOfDataset, servicePipeIdsInArea } from './planner-pipes.repository.ts';
import { areaValue, usersOfClient, type ProjectChanges } from './projects.repository.ts';

/** A (multi)polygon in EPSG:4326 that PostGIS accepts; never a 500 from a bad WKT. */
export async function assertArea(tx: Db, wkt: string | null | undefined, field: string): Promise<void> {
  if (!wkt) return;
  if (!(await isPolygonWkt(tx, wkt))) {
    throw fieldError(
      'VALIDATION',
      `${field} is not a valid POLYGON or MULTIPOLYGON WKT in EPSG:4326.`,
      field,
      'wkt',
    );
  }
}

/** Manager and inspector must be users of the caller's client. */
export async function assertClientUsers(
  tx: Db,
  ids: { manager_id?: number | null | undefined; inspector_id?: number | null | undefined },
): Promise<void> {
  const wanted = Object.entries(ids).filter((e): e is [string, number] => typeof e[1] === 'number');
  const known = await usersOfClient(
    tx,
    wanted.map(([, id]) => id),
  );
  for (const [field, id] of wanted) {
    if (!known.has(id))
      throw fieldError('VALIDATION', `${field} is not a user of this client.`, field, 'exists');
  }
}

const noPipes = () =>
  fieldError('VALIDATION', 'A project needs at least one pipe of the dataset.', 'pipe_ids', 'required');

/**
 * The project's pipes: the ids sent (each must be a pipe of the dataset), or with none sent the pipes in service
 * inside the drawn area; less those the user chose to leave out (the booked pipes a 409 named, issue 36). Empty
 * is a 400 naming pipe_ids.
 */
export async function resolvePipeIds(
  tx: Db,
  datasetId: number,
  pipeIds: readonly number[] | undefined,
  areaWkt: string | null | undefined,
  leaveOut: readonly number[] = [],
): Promise<number[]> {
  const out = new Set(leaveOut);
  if (pipeIds !== undefined) {
    const unique = [...new Set(pipeIds)];
    const known = await pipeIdsOfDataset(tx, datasetId, unique);
    if (unique.some((id) => !known.has(id))) {
      throw fieldError('VALIDATION', 'Some pipe_ids are not pipes of this dataset.', 'pipe_ids', 'exists');
    }
    const kept = unique.filter((id) => !out.has(id));
    if (kept.length === 0) throw noPipes();
    return kept;
  }
  const inside = areaWkt ? await servicePipeIdsInArea(tx, datasetId, areaWkt) : [];
  const kept = inside.filter((id) => !out.has(id));
  if (kept.length === 0) throw noPipes();
  return kept;
}

/** Wire fields → columns, for the fields present (PATCH sends the changed ones only). */
export function projectColumns(body: Omit<ProjectUpdate, 'pipe_ids'>): ProjectChanges {
  const c: ProjectChanges = {};
  if (body.name !== undefined) c.name = body.name;
  if (body.description !== undefined) c.description = body.description;
  if (body.start_date !== undefined) c.startDate = body.start_date;
  if (body.end_date !== undefined) c.endDate = body.end_date;
  if (body.budget !== undefined) c.budget = body.budget;
  if (body.status !== undefined) c.status = body.status;
  if (body.project_area !== undefined) c.projectArea = areaValue(body.project_area);
  if (body.image !== undefined) c.image = body.image;
  if (body.manager_name !== undefined) c.managerName = body.manager_name;
  if (body.manager_email !== undefined) c.managerEmail = body.manager_email;
  if (body.inspector_name !== undefined) c.inspectorName = body.inspector_name;
  if (body.inspector_email !== undefined) c.inspectorEmail = body.inspector_email;
  if (body.manager_id !== undefined) c.managerId = body.manager_id;
  if (body.inspector_id !== undefined) c.inspectorId = body.inspector_id;
  if (body.standard_repair_cost !== undefined) c.standardRepairCost = body.standard_repair_cost;
  return c;
}
