// GET /api/saved-filters/{id}[?job_planner=S] → one saved filter (FILT-SAV-06: with job_planner, only if it belongs
// to that planner scenario; otherwise 404).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { SavedFilterView } from './types.ts';

export function getSavedFilter(id: number, jobPlanner?: number): Promise<SavedFilterView> {
  const query = jobPlanner === undefined ? '' : `?job_planner=${jobPlanner}`;
  return api<SavedFilterView>('GET', `/api/saved-filters/${id}${query}`);
}

export const savedFilterQuery = (id: number, jobPlanner?: number) =>
  queryOptions({
    queryKey: ['saved-filters', 'one', id, jobPlanner ?? null] as const,
    queryFn: () => getSavedFilter(id, jobPlanner),
  });

export function useSavedFilter(id: number | null, jobPlanner?: number) {
  return useQuery({ ...savedFilterQuery(id ?? 0, jobPlanner), enabled: id !== null });
}
