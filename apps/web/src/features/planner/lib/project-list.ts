// Project list rules of spec 001 §5: the list shown is replaced only when the answer counts more than 0 projects
// (PLAN-LIST-04), and a project's pipes are resolved (highlighted, looked up) only when it has any (PLAN-LIST-05).
import type { Page, ProjectView } from '../api/types.ts';

export function replaceProjectList(
  shown: Page<ProjectView> | undefined,
  answer: Page<ProjectView> | undefined,
): Page<ProjectView> | undefined {
  if (!answer) return shown;
  return answer.meta.totalResults > 0 || !shown ? answer : shown;
}

/** The pipe ids to resolve, or null for none (an empty list asks nothing of the map or the server). */
export const pipesToResolve = (ids: readonly number[] | null | undefined): readonly number[] | null =>
  ids && ids.length > 0 ? ids : null;
