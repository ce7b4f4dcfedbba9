// Which status changes the project's status menu offers (TBD-14): only transitions the domain allows this user
// (canChangeProjectState), none for demo accounts (read-only, TBD-05).
import {
  PROJECT_STATES,
  PROJECT_TRANSITIONS,
  canChangeProjectState,
  projectStateOf,
  type PermissionUser,
  type ProjectState,
} from '@pipewise/domain';

export interface StatusUser extends PermissionUser {
  id: number;
  email: string;
  isDemo: boolean;
}

export interface StatusProject {
  status: number;
  inspectorId: number | null;
}

/** The project's assigned inspector: the user its inspector_id names (docs/api-planner.md; an e-mail alone is not). */
export const isProjectInspector = (user: StatusUser, project: StatusProject): boolean =>
  project.inspectorId !== null && project.inspectorId === user.id;

export function statusOptions(user: StatusUser, project: StatusProject): ProjectState[] {
  const from = projectStateOf(project.status);
  if (!from || user.isDemo) return [];
  const inspector = isProjectInspector(user, project);
  return PROJECT_TRANSITIONS[from].filter((to) => canChangeProjectState(user, inspector, from, to));
}

/** The state name of a status code (for i18n keys and chips); unknown codes read as the first state. */
export const stateName = (status: number): ProjectState => projectStateOf(status) ?? PROJECT_STATES[0];
