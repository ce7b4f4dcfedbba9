// Which role may do which action. The spec leaves it "not shown"; this follows CHECKLIST TBD-04:
// admin everything; worker edits pipes, filters and the planner; viewer reads; inspector its assigned projects.
import { PERMISSION_GROUP } from '../constants/index.ts';
import { hasRole, isStaff, type InspectorFields, type StaffFields } from './role.ts';

export const ACTIONS = [
  'manageUsers',
  'manageClient',
  'editPipes',
  'editFilters',
  'planJobs',
  'importData',
  'exportData',
  'editCofScenarios',
  'viewReports',
  'viewMap',
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * The weakest primary group allowed each action (hasRole ranks: admin 1, worker 2, viewer 3).
 * Exporting sends visible assets by mail and changes nothing, so viewers may do it. An inspector ranks like a
 * viewer here; which projects it sees is a data scope the server applies, not an action.
 */
const MINIMUM_ROLE: Record<Action, 1 | 2 | 3> = {
  manageUsers: PERMISSION_GROUP.ADMINISTRATOR,
  manageClient: PERMISSION_GROUP.ADMINISTRATOR,
  importData: PERMISSION_GROUP.ADMINISTRATOR,
  editCofScenarios: PERMISSION_GROUP.ADMINISTRATOR,
  editPipes: PERMISSION_GROUP.WORKER,
  editFilters: PERMISSION_GROUP.WORKER,
  planJobs: PERMISSION_GROUP.WORKER,
  exportData: PERMISSION_GROUP.VIEWER,
  viewReports: PERMISSION_GROUP.VIEWER,
  viewMap: PERMISSION_GROUP.VIEWER,
};

export interface PermissionUser extends InspectorFields, StaffFields {
  readonly permissionGroupTypeCode: number | null | undefined;
}

/** Staff are platform admins and may do everything; others by their primary group. */
export function can(user: PermissionUser, action: Action): boolean {
  if (isStaff(user)) return true;
  return hasRole(user.permissionGroupTypeCode, MINIMUM_ROLE[action]);
}

/** Every action the user may take, e.g. for the web to hide controls in one pass. */
export function allowedActions(user: PermissionUser): Action[] {
  return ACTIONS.filter((action) => can(user, action));
}
