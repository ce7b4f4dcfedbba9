// Saved filters (spec 000 §3, §7; docs/api-filters.md): each user manages their own, per snapshot group.
// CHECKLIST TBD-04 reading: any logged-in role may save filters, viewers included: a filter set changes how one user
// looks at the map, not the data (the 'filters' workers edit are the dataset's shared default view, `editFilters`).
// Demo accounts may read but not save, change or delete: one demo login is shared by every visitor, so a saved
// filter would show up for strangers (CHECKLIST TBD-05: demo accounts are read-only).
import type { SavedFilter, SavedFilterCreate, SavedFilterList, SavedFilterUpdate } from '@pipewise/domain';
import { withTenant } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, notFound } from '../../lib/errors.ts';
import type { Db } from '../../db/database.ts';
import { findInGroup as findScenarioInGroup } from '../planner/scenarios.repository.ts';
import { assertFilterSize, assertRoomForAnother } from './saved-filter-limits.ts';
import * as repo from './saved-filters.repository.ts';
import { toApiSavedFilter } from './saved-filter-view.ts';

const filterNotFound = () => notFound('Saved filter not found.');
const groupNotFound = () => notFound('Snapshot group not found.');

/**
 * A filter may name a planner scenario of its own snapshot group only. The foreign key alone would not do: it is
 * checked past row-level security, so it would accept another client's scenario id.
 */
async function assertScenario(tx: Db, scenarioId: number | null | undefined, snapshotId: number) {
  if (scenarioId == null) return;
  if (!(await findScenarioInGroup(tx, scenarioId, snapshotId))) throw notFound('Planner scenario not found.');
}

export const listSavedFilters = (
  deps: Deps,
  me: AuthUser,
  q: { snapshot_id: number; job_planner?: number | undefined },
) =>
  withTenant(deps.database.db, me.clientId, async (tx): Promise<SavedFilterList> => {
    // Another client's group answers 404 like an unknown one (row-level security hides it).
    if (!(await repo.groupExists(tx, q.snapshot_id))) throw groupNotFound();
    const rows = await repo.listOwn(tx, {
      userId: me.id,
      snapshotId: q.snapshot_id,
      scenarioId: q.job_planner,
    });
    return { saved_filters: rows.map(toApiSavedFilter) };
  });

/** With `job_planner` (FILT-SAV-06), the filter must belong to that scenario: otherwise 404, as if unknown. */
export const getSavedFilter = (deps: Deps, me: AuthUser, id: number, jobPlanner?: number) =>
  withTenant(deps.database.db, me.clientId, async (tx): Promise<SavedFilter> => {
    const row = await repo.findOwn(tx, me.id, id);
    if (!row || (jobPlanner !== undefined && row.jobPlannerScenarioId !== jobPlanner)) throw filterNotFound();
    return toApiSavedFilter(row);
  });

export function createSavedFilter(deps: Deps, me: AuthUser, body: SavedFilterCreate): Promise<SavedFilter> {
  assertNotDemo(me);
  assertFilterSize(body.filters);
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    if (!(await repo.groupExists(tx, body.snapshot_id))) throw groupNotFound();
    assertRoomForAnother(await repo.countOwn(tx, me.id));
    await assertScenario(tx, body.job_planner_scenario, body.snapshot_id);
    const row = await repo.insert(tx, {
      clientId: me.clientId,
      userId: me.id,
      snapshotId: body.snapshot_id,
      name: body.name,
      jobPlannerScenarioId: body.job_planner_scenario ?? null,
      filters: body.filters,
      lofType: body.lof_type,
    });
    return toApiSavedFilter(row);
  });
}

export function updateSavedFilter(
  deps: Deps,
  me: AuthUser,
  id: number,
  body: SavedFilterUpdate,
): Promise<SavedFilter> {
  assertNotDemo(me);
  if (body.filters !== undefined) assertFilterSize(body.filters);
  const changes: repo.SavedFilterChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.filters !== undefined) changes.filters = body.filters;
  if (body.lof_type !== undefined) changes.lofType = body.lof_type;
  if (body.job_planner_scenario !== undefined) changes.jobPlannerScenarioId = body.job_planner_scenario;
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    const current = await repo.findOwn(tx, me.id, id);
    if (!current) throw filterNotFound();
    await assertScenario(tx, body.job_planner_scenario, current.snapshotId);
    const row = await repo.updateOwn(tx, me.id, id, changes);
    if (!row) throw filterNotFound();
    return toApiSavedFilter(row);
  });
}

export function deleteSavedFilter(deps: Deps, me: AuthUser, id: number): Promise<void> {
  assertNotDemo(me);
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    if (!(await repo.deleteOwn(tx, me.id, id))) throw filterNotFound();
  });
}
