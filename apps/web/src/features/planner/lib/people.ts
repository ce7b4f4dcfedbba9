// Who a project's manager or inspector can be (issue 36): the client's users, the inspectors first in the
// inspector's list (then by name, as the server sends them), everyone by name in the manager's.
import type { PlannerPersonView } from '../api/get-people.ts';

export type PersonRole = 'manager' | 'inspector';

export function peopleFor(role: PersonRole, people: readonly PlannerPersonView[]): PlannerPersonView[] {
  if (role === 'manager') return [...people];
  return [...people.filter((p) => p.inspector), ...people.filter((p) => !p.inspector)];
}

/** The picked user, or undefined for someone outside the client (free text, no rights). */
export const personOf = (people: readonly PlannerPersonView[] | undefined, id: number | null) =>
  id === null ? undefined : people?.find((p) => p.id === id);
