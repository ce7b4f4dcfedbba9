// GET /api/projects/defaults?dataset_id= → the d1–d6 standard repair costs a new project starts from and what they
// are in (currency per m or ft) (PLAN-PRJ-04, spec 001 §9 defaults).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { plannerKeys, type ProjectDefaultsView } from './types.ts';

export function getProjectDefaults(datasetId: number): Promise<ProjectDefaultsView> {
  return api<ProjectDefaultsView>('GET', `/api/projects/defaults?dataset_id=${datasetId}`);
}

export const projectDefaultsQuery = (datasetId: number) =>
  queryOptions({
    queryKey: plannerKeys.projectDefaults(datasetId),
    queryFn: () => getProjectDefaults(datasetId),
    staleTime: 10 * 60_000,
  });

export function useProjectDefaults(datasetId: number) {
  return useQuery(projectDefaultsQuery(datasetId));
}
