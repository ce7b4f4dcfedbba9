// GET /api/projects?dataset_id=&page=&per_page=5&sort[]=-id → {projects, meta} (PLAN-API-02, PLAN-LIST-01/03).
import { PLANNER_PAGE_SIZE } from '@pipewise/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pageQuery, plannerKeys, type Page, type PageMetaView, type ProjectView } from './types.ts';

export async function getProjects(datasetId: number, page: number): Promise<Page<ProjectView>> {
  const body = await api<{ projects: ProjectView[]; meta: PageMetaView }>(
    'GET',
    `/api/projects?${pageQuery(datasetId, page, PLANNER_PAGE_SIZE)}`,
  );
  return { items: body.projects, meta: body.meta };
}

export const projectsQuery = (datasetId: number, page: number) =>
  queryOptions({
    queryKey: plannerKeys.projectPage(datasetId, page),
    queryFn: () => getProjects(datasetId, page),
    placeholderData: keepPreviousData,
  });

export function useProjects(datasetId: number, page: number) {
  return useQuery(projectsQuery(datasetId, page));
}
