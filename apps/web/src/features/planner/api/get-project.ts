// GET /api/projects/{id} → the project with its pipes (PLAN-PRJ-07: length, diameter, lof12, total risk, cost).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { plannerKeys, type ProjectDetailView } from './types.ts';

export function getProject(id: number): Promise<ProjectDetailView> {
  return api<ProjectDetailView>('GET', `/api/projects/${id}`);
}

export const projectQuery = (id: number) =>
  queryOptions({ queryKey: plannerKeys.project(id), queryFn: () => getProject(id) });

export function useProject(id: number | null) {
  return useQuery({ ...projectQuery(id ?? 0), enabled: id !== null });
}
