// Projects (spec 001 §3–§7; CHECKLIST PLAN-PRJ-*, PLAN-API-01/02, TBD-04/13/14; docs/api-planner.md): pipes of one
// dataset grouped for repair, with dates, people, repair rates and a status that moves by PROJECT_TRANSITIONS.
import {
  PROJECT_TRANSITIONS,
  can,
  canChangeProjectState,
  projectStateCode,
  projectStateOf,
  type ProjectCreate,
  type ProjectDefaults,
  type ProjectDetail,
  type ProjectGeometry,
  type ProjectList,
  type ProjectUpdate,
} from '@pipewise/domain';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { datasetNotFound } from '../assets/scope.ts';
import { findServedDataset } from '../assets/viewer.repository.ts';
import { bookedElsewhere, bookedMeanwhile, isBookingViolation, pipesBooked } from './bookings.ts';
import { pageMeta, type ListQuery } from './planner-paging.ts';
import { assertEndAfter } from './planner-dates.ts';
import { assertCanPlan, datasetRepairRates, inPlanner, type PlannerScope } from './planner-scope.ts';
import { assertArea, assertClientUsers, projectColumns, resolvePipeIds } from './project-input.ts';
import { eventsOf, peopleOfClient } from './project-people.repository.ts';
import { pickedPeople, recordStatusChange } from './project-status.ts';
import { ratesOf, toApiProject, toApiProjectDetail, toItems } from './project-view.ts';
import * as repo from './projects.repository.ts';
import { toApiDefaults, type RepairRates } from './repair-cost.ts';

export const projectNotFound = () => notFound('Project not found.');

async function assertDataset(scope: PlannerScope, datasetId: number) {
  const dataset = await findServedDataset(scope.tx, datasetId);
  if (!dataset) throw datasetNotFound();
  return dataset;
}

/** A project with its items, as every read and write answers it. */
export async function projectDetail(scope: PlannerScope, id: number): Promise<ProjectDetail> {
  const row = await repo.find(scope.tx, id);
  if (!row) throw projectNotFound();
  const items = toItems(await repo.itemsOf(scope.tx, [id]), ratesOf(row), scope.gates);
  return toApiProjectDetail(row, items, await eventsOf(scope.tx, id));
}

/** The client's users a manager or inspector is picked from (issue 36); planners only, as only they assign. */
export function listPeople(deps: Deps, me: AuthUser, datasetId: number) {
  assertCanPlan(me);
  return inPlanner(deps, me, async (scope) => {
    await assertDataset(scope, datasetId);
    return { people: await peopleOfClient(scope.tx) };
  });
}

export const getProjectDefaults = (deps: Deps, me: AuthUser, datasetId: number) =>
  inPlanner(deps, me, async (scope): Promise<ProjectDefaults> => {
    await assertDataset(scope, datasetId);
    return toApiDefaults(await datasetRepairRates(scope.tx, datasetId));
  });

export const listProjects = (
  deps: Deps,
  me: AuthUser,
  q: ListQuery<repo.ProjectSortKey> & { mine?: boolean },
) =>
  inPlanner(deps, me, async (scope): Promise<ProjectList> => {
    await assertDataset(scope, q.datasetId);
    const { rows, total } = await repo.listOfDataset(scope.tx, q.datasetId, {
      sort: q.sort,
      limit: q.perPage,
      offset: (q.page - 1) * q.perPage,
      ...(q.mine ? { inspectorId: me.id } : {}),
    });
    const figures = await repo.itemsOf(
      scope.tx,
      rows.map((r) => r.id),
    );
    const projects = rows.map((row) =>
      toApiProject(
        row,
        toItems(
          figures.filter((f) => f.projectId === row.id),
          ratesOf(row),
          scope.gates,
        ),
      ),
    );
    return { projects, meta: pageMeta(q, total) };
  });

export const getProject = (deps: Deps, me: AuthUser, id: number) =>
  inPlanner(deps, me, (scope) => projectDetail(scope, id));

export const listProjectGeometry = (deps: Deps, me: AuthUser, datasetId: number) =>
  inPlanner(deps, me, async (scope): Promise<{ projects: ProjectGeometry[] }> => {
    await assertDataset(scope, datasetId);
    return { projects: await repo.geometryOfDataset(scope.tx, datasetId) };
  });

export interface NewProject {
  datasetId: number;
  fields: Omit<ProjectCreate, 'dataset_id' | 'pipe_ids' | 'leave_out_pipe_ids'>;
  pipeIds: number[] | undefined;
  /** The rates' currency and unit; the d1–d6 values are the fields' standard_repair_cost when sent. */
  rates: RepairRates;
  proposalId?: number;
  /** What the 409 tells the user to do when a pipe is booked (a proposal's differs from a drawn project's). */
  whenBooked?: string;
  /** Pipes to leave out of pipe_ids or the area's (the booked ones a 409 named). */
  leaveOut?: readonly number[];
}

const CLOSED = projectStateCode('closed');
const LEAVE_OUT = 'Leave these pipes out, or take them out of the other project first.';

/** Issue 36: 409 when an active project other than `self` holds any of the pipes. */
async function assertNotBooked(
  scope: PlannerScope,
  pipeIds: readonly number[],
  self: number | null,
  then: string,
) {
  const booked = await bookedElsewhere(scope.tx, pipeIds, self);
  if (booked.length > 0) throw pipesBooked(booked, then);
}

/** A booking that raced ours past the check above fails the database's index: the same 409. */
const asBookingConflict = (err: unknown) => {
  throw isBookingViolation(err) ? bookedMeanwhile() : err;
};

/** Checks and writes a new project inside the caller's transaction (POST /projects and a proposal's accept). */
export async function insertProject(scope: PlannerScope, p: NewProject): Promise<ProjectDetail> {
  const { tx, me } = scope;
  const f = p.fields;
  assertEndAfter(f.start_date, f.end_date);
  await assertArea(tx, f.project_area, 'project_area');
  await assertClientUsers(tx, { manager_id: f.manager_id, inspector_id: f.inspector_id });
  const pipeIds = await resolvePipeIds(tx, p.datasetId, p.pipeIds, f.project_area, p.leaveOut);
  if ((f.status ?? 0) !== CLOSED) await assertNotBooked(scope, pipeIds, null, p.whenBooked ?? LEAVE_OUT);
  const id = await repo.insert(tx, {
    clientId: me.clientId,
    datasetId: p.datasetId,
    ...projectColumns(f),
    ...(await pickedPeople(tx, f)),
    name: f.name,
    startDate: f.start_date,
    endDate: f.end_date,
    standardRepairCost: f.standard_repair_cost ?? p.rates.rates,
    repairCostCurrency: p.rates.unit.currency,
    repairCostPerLength: p.rates.unit.per_length_unit,
    proposalId: p.proposalId ?? null,
    createdBy: me.id,
  });
  await repo.addPipes(tx, id, me.clientId, pipeIds).catch(asBookingConflict);
  return projectDetail(scope, id);
}

export function createProject(deps: Deps, me: AuthUser, body: ProjectCreate): Promise<ProjectDetail> {
  assertCanPlan(me);
  return inPlanner(deps, me, async (scope) => {
    await assertDataset(scope, body.dataset_id);
    const { dataset_id: datasetId, pipe_ids: pipeIds, leave_out_pipe_ids: leaveOut, ...fields } = body;
    const rates = await datasetRepairRates(scope.tx, datasetId);
    return insertProject(scope, { datasetId, fields, pipeIds, rates, ...(leaveOut ? { leaveOut } : {}) });
  });
}

/**
 * TBD-14: a status change must be a listed transition (else 400 naming status) that the caller's role may make
 * (else 403): planners any, only administrators reopen a closed project, the assigned inspector the inspection's
 * outcome.
 */
function assertStatusChange(me: AuthUser, isInspector: boolean, fromCode: number, toCode: number) {
  const from = projectStateOf(fromCode);
  const to = projectStateOf(toCode);
  if (!from || !to || from === to) return;
  if (!PROJECT_TRANSITIONS[from].includes(to)) {
    throw fieldError('VALIDATION', `A project cannot go from ${from} to ${to}.`, 'status', 'transition');
  }
  if (!canChangeProjectState(me, isInspector, from, to)) {
    throw forbidden(`You may not change this project from ${from} to ${to}.`);
  }
}

/**
 * Planners change any field; the project's assigned inspector (inspector_id) may send {status, status_note} only.
 * Pipes are replaced when pipe_ids is sent; a new project_area alone does not change them. A status change goes
 * into the project's history with its note, and is mailed to the manager once committed (project-status.ts).
 */
export async function updateProject(
  deps: Deps,
  me: AuthUser,
  id: number,
  body: ProjectUpdate,
): Promise<ProjectDetail> {
  assertNotDemo(me);
  const { detail, mail } = await inPlanner(deps, me, async (scope) => {
    const { tx } = scope;
    const row = await repo.find(tx, id);
    if (!row) throw projectNotFound();
    const isInspector = row.inspectorId === me.id;
    const statusOnly = Object.keys(body).every((k) => k === 'status' || k === 'status_note');
    const changesStatus = body.status !== undefined && body.status !== row.status;
    if (!can(me, 'planJobs') && !(isInspector && statusOnly)) {
      throw forbidden(
        isInspector
          ? "The project's inspector may change its status only."
          : 'Only administrators and workers may change projects.',
      );
    }
    if (body.status_note && !changesStatus) {
      throw fieldError('VALIDATION', 'A note goes with a change of status.', 'status_note', 'status_change');
    }
    if (body.status !== undefined) assertStatusChange(me, isInspector, row.status, body.status);
    if (body.start_date !== undefined || body.end_date !== undefined) {
      assertEndAfter(body.start_date ?? row.startDate, body.end_date ?? row.endDate);
    }
    await assertArea(tx, body.project_area, 'project_area');
    await assertClientUsers(tx, { manager_id: body.manager_id, inspector_id: body.inspector_id });
    const { pipe_ids: pipeIds, ...fields } = body;
    const ids = pipeIds === undefined ? undefined : await resolvePipeIds(tx, row.datasetId, pipeIds, null);
    if ((body.status ?? row.status) !== CLOSED && (ids !== undefined || row.status === CLOSED)) {
      // New pipes, or a closed project reopened: none may be in another active project by now.
      const reopening = ids === undefined;
      await assertNotBooked(
        scope,
        ids ?? (await repo.pipeIdsOf(tx, id)),
        id,
        reopening ? 'Take them out of this project or the other before reopening it.' : LEAVE_OUT,
      );
    }
    // Old pipes out, then the status (closing or reopening flips the rows' active), then the new pipes in: no
    // moment holds a pipe in two active rows that the final state would not.
    if (ids !== undefined) await repo.clearPipes(tx, id);
    const changes = { ...projectColumns(fields), ...(await pickedPeople(tx, body)) };
    await repo.update(tx, id, changes).catch(asBookingConflict);
    if (ids !== undefined) await repo.addPipes(tx, id, me.clientId, ids).catch(asBookingConflict);
    const mail = changesStatus
      ? await recordStatusChange(deps, tx, me, row, body.status!, body.status_note ?? '')
      : null;
    return { detail: await projectDetail(scope, id), mail };
  });
  // After the commit and the answer: a slow mail server never holds the status change (lib/background.ts).
  if (mail) deps.background.run('project status mail', () => deps.mailer.send(mail));
  return detail;
}

export function deleteProject(deps: Deps, me: AuthUser, id: number): Promise<void> {
  assertCanPlan(me);
  return inPlanner(deps, me, async ({ tx }) => {
    if (!(await repo.remove(tx, id))) throw projectNotFound();
  });
}
