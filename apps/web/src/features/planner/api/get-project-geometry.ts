// GET /api/projects/geometry?dataset_id= → {projects: [{id, name, status, area, pipe_ids}]} (PLAN-PRJ-08): every
// project's area and pipes, for the map.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { plannerKeys, type ProjectGeometryView } from './types.ts';

export async function getProjectGeometry(datasetId: number): Promise<ProjectGeometryView[]> {
  const body = await api<{ projects: ProjectGeometryView[] }>(
    'GET',
    `/api/projects/geometry?dataset_id=${datasetId}`,
  );
  return body.projects;
}

export const projectGeometryQuery = (datasetId: number) =>
  queryOptions({ queryKey: plannerKeys.geometry(datasetId), queryFn: () => getProjectGeometry(datasetId) });

export function useProjectGeometry(datasetId: number, enabled = true) {
  return useQuery({ ...projectGeometryQuery(datasetId), enabled });
}
