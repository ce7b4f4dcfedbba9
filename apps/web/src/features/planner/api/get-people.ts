// GET /api/projects/people?dataset_id= → the client's users a project's manager or inspector is picked from
// (issue 36; planners only). Rarely changes while a form is open, so it is kept for a few minutes.
import type { PlannerPerson } from '@pipewise/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type PlannerPersonView = Camelize<PlannerPerson>;

export function getPlannerPeople(datasetId: number): Promise<PlannerPersonView[]> {
  return api<{ people: PlannerPersonView[] }>('GET', `/api/projects/people?dataset_id=${datasetId}`).then(
    (body) => body.people,
  );
}

export function usePlannerPeople(datasetId: number) {
  return useQuery({
    queryKey: ['planner', 'people', datasetId] as const,
    queryFn: () => getPlannerPeople(datasetId),
    staleTime: 5 * 60_000,
  });
}
