// Who may use the job planner (spec 001 §6; CHECKLIST TBD-04, TBD-05): a logged-in user of a client with the
// JOB_PLANNER subscription reads; writing needs the planJobs action (administrators, workers, staff) and not a
// demo account. Every call runs in the caller's tenant transaction, so another client's ids answer 404.
import { can, type Subscription } from '@pipewise/domain';
import { eq } from 'drizzle-orm';
import { withTenant, type Db } from '../../db/database.ts';
import { clients, users } from '../../db/schema.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, forbidden } from '../../lib/errors.ts';
import { gatesOf, type Gates, type Viewer } from '../assets/viewer.ts';
import { loadViewer } from '../assets/viewer.repository.ts';
import { countryRepairRates, servedCostModel, type RepairRates } from './repair-cost.ts';

export interface PlannerScope {
  tx: Db;
  me: AuthUser;
  viewer: Viewer;
  gates: Gates;
}

const has = (viewer: Viewer, s: Subscription) => viewer.subscriptions.includes(s);

/** Runs fn in the caller's tenant transaction after the subscription check (403 without JOB_PLANNER). */
export function inPlanner<T>(deps: Deps, me: AuthUser, fn: (scope: PlannerScope) => Promise<T>): Promise<T> {
  return withTenant(deps.database.db, me.clientId, async (tx) => {
    const viewer = await loadViewer(tx, me.id, me.clientId);
    if (!has(viewer, 'JOB_PLANNER')) throw forbidden('The job planner needs the JOB_PLANNER subscription.');
    return fn({ tx, me, viewer, gates: gatesOf(viewer) });
  });
}

/** Writes: not a demo account (read-only, TBD-05), and a role that may plan jobs (TBD-04). */
export function assertCanPlan(me: AuthUser): void {
  assertNotDemo(me);
  if (!can(me, 'planJobs')) throw forbidden('Only administrators and workers may change the job planner.');
}

/** The user's time zone, for the spec's default dates ("today" is the user's today). */
export async function timeZoneOf(tx: Db, userId: number): Promise<string> {
  const [row] = await tx.select({ tz: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.tz ?? 'UTC';
}

/** The client country's default repair rates (a new project's or plan's unless it sends its own). */
export async function clientRepairRates(tx: Db, clientId: number): Promise<RepairRates> {
  const [row] = await tx.select({ country: clients.country }).from(clients).where(eq(clients.id, clientId));
  return countryRepairRates(row?.country);
}

/** The rates of the cost model a dataset's results were priced with: a new plan's or project's (GET /projects/defaults). */
export async function datasetRepairRates(tx: Db, datasetId: number): Promise<RepairRates> {
  const { rates, unit } = await servedCostModel(tx, datasetId);
  return { rates, unit };
}
