// Planner scenarios (spec 001 §2–§5, §7; CHECKLIST PLAN-SCN-*; docs/api-planner.md): named date ranges with one
// saved filter set, per snapshot group and shared by the client's users. The filter set is a saved_filters row
// (modules/saved-filters) tied to the scenario, so the map reads it exactly like any saved filter.
import {
  defaultPlannerDates,
  defaultScenarioName,
  type PlannerScenario,
  type PlannerScenarioCreate,
  type PlannerScenarioFilters,
  type PlannerScenarioList,
  type PlannerScenarioUpdate,
  type SavedFilter,
} from '@pipewise/domain';
import type { AuthUser, Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { assertFilterSize } from '../saved-filters/saved-filter-limits.ts';
import * as savedFilters from '../saved-filters/saved-filters.repository.ts';
import { toApiSavedFilter } from '../saved-filters/saved-filter-view.ts';
import { assertEndNotBefore, weekAfter } from './planner-dates.ts';
import { assertCanPlan, inPlanner, timeZoneOf } from './planner-scope.ts';
import * as repo from './scenarios.repository.ts';
import { toApiScenario } from './scenario-view.ts';

const scenarioNotFound = () => notFound('Planner scenario not found.');
const groupNotFound = () => notFound('Snapshot group not found.');

export const listScenarios = (deps: Deps, me: AuthUser, snapshotId: number) =>
  inPlanner(deps, me, async ({ tx }): Promise<PlannerScenarioList> => {
    if (!(await savedFilters.groupExists(tx, snapshotId))) throw groupNotFound();
    const rows = await repo.listOfGroup(tx, snapshotId);
    return { job_planner_scenarios: rows.map(toApiScenario) };
  });

/** Omitted fields get the spec's defaults (PLAN-SCN-11, -13): 'Job N (date)', today, a week later. */
export function createScenario(
  deps: Deps,
  me: AuthUser,
  body: PlannerScenarioCreate,
): Promise<PlannerScenario> {
  assertCanPlan(me);
  return inPlanner(deps, me, async ({ tx }) => {
    if (!(await savedFilters.groupExists(tx, body.snapshot_id))) throw groupNotFound();
    const today = defaultPlannerDates(new Date(), await timeZoneOf(tx, me.id));
    const startDate = body.start_date ?? today.start_date;
    const endDate = body.end_date ?? (body.start_date ? weekAfter(body.start_date) : today.end_date);
    assertEndNotBefore(startDate, endDate);
    const name =
      body.name ?? defaultScenarioName(await repo.countOfGroup(tx, body.snapshot_id), today.start_date);
    const row = await repo.insert(tx, {
      clientId: me.clientId,
      snapshotId: body.snapshot_id,
      name,
      imageUrl: body.image_url ?? null,
      startDate,
      endDate,
      createdBy: me.id,
    });
    return toApiScenario(row);
  });
}

/** PATCH carries the changed fields only (PLAN-SCN-02); an empty name never reaches here (schema, PLAN-SCN-07). */
export function updateScenario(
  deps: Deps,
  me: AuthUser,
  id: number,
  body: PlannerScenarioUpdate,
): Promise<PlannerScenario> {
  assertCanPlan(me);
  return inPlanner(deps, me, async ({ tx }) => {
    const current = await repo.find(tx, id);
    if (!current) throw scenarioNotFound();
    assertEndNotBefore(body.start_date ?? current.startDate, body.end_date ?? current.endDate);
    const changes: repo.ScenarioChanges = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.image_url !== undefined) changes.imageUrl = body.image_url;
    if (body.start_date !== undefined) changes.startDate = body.start_date;
    if (body.end_date !== undefined) changes.endDate = body.end_date;
    return toApiScenario((await repo.update(tx, id, changes))!);
  });
}

export function deleteScenario(deps: Deps, me: AuthUser, id: number): Promise<void> {
  assertCanPlan(me);
  return inPlanner(deps, me, async ({ tx }) => {
    if (!(await repo.remove(tx, id))) throw scenarioNotFound();
  });
}

/** The scenario's saved filter set (404 until filters were saved into it). */
export const getScenarioFilters = (deps: Deps, me: AuthUser, id: number) =>
  inPlanner(deps, me, async ({ tx }): Promise<SavedFilter> => {
    const scenario = await repo.find(tx, id);
    if (!scenario) throw scenarioNotFound();
    const row = scenario.savedFilterId
      ? await savedFilters.findShared(tx, scenario.savedFilterId)
      : undefined;
    if (!row) throw notFound('No filters have been saved into this planner scenario yet.');
    return toApiSavedFilter(row);
  });

/**
 * Saves the map's filters into the scenario: updates its one filter set, or creates it (named after the scenario
 * unless a name is sent) and points the scenario at it. CHECKLIST PLAN-SCN-12 (conflict) — reading: 001's, the
 * generated 'Job N (date)' form, which the scenario's own default name already is.
 */
export function putScenarioFilters(
  deps: Deps,
  me: AuthUser,
  id: number,
  body: PlannerScenarioFilters,
): Promise<SavedFilter> {
  assertCanPlan(me);
  assertFilterSize(body.filters);
  return inPlanner(deps, me, async ({ tx }) => {
    const scenario = await repo.find(tx, id);
    if (!scenario) throw scenarioNotFound();
    const existing = scenario.savedFilterId
      ? await savedFilters.findShared(tx, scenario.savedFilterId)
      : undefined;
    if (existing) {
      const row = await savedFilters.updateShared(tx, existing.id, {
        filters: body.filters,
        lofType: body.lof_type,
        ...(body.name === undefined ? {} : { name: body.name }),
      });
      return toApiSavedFilter(row!);
    }
    const row = await savedFilters.insert(tx, {
      clientId: me.clientId,
      userId: me.id,
      snapshotId: scenario.snapshotId,
      name: body.name ?? scenario.name,
      jobPlannerScenarioId: scenario.id,
      filters: body.filters,
      lofType: body.lof_type,
    });
    await repo.update(tx, scenario.id, { savedFilterId: row.id });
    return toApiSavedFilter(row);
  });
}
