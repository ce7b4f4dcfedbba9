// What a set of pipes costs and removes (issue 36): the portfolio's rows and each side of a plan comparison are
// sums of project items (project-view.ts toItems: costs by the project's or plan's rates, LOF and BRE only where
// subscribed). Risk sums stay null while no pipe has the figure, so "unknown" never reads as 0.
import type { ProjectItem, WorkFigures } from '@pipewise/domain';

export const emptyFigures = (): WorkFigures => ({
  project_count: 0,
  pipe_count: 0,
  length_m: 0,
  cost: 0,
  expected_breaks_removed: null,
  bre_removed: null,
  uncosted_pipes: 0,
});

const plus = (a: number | null, b: number | null) => (b === null ? a : (a ?? 0) + b);

/** Adds one project's (or proposal's) items to the figures, in place. */
export function addWork(into: WorkFigures, items: readonly ProjectItem[], projects = 1): WorkFigures {
  into.project_count += projects;
  for (const item of items) {
    into.pipe_count++;
    into.length_m += item.length_m;
    if (item.cost === null) into.uncosted_pipes++;
    else into.cost += item.cost;
    into.expected_breaks_removed = plus(into.expected_breaks_removed, item.lof12);
    into.bre_removed = plus(into.bre_removed, item.total_risk_12);
  }
  return into;
}
