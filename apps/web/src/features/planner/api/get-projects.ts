// GET /api/projects?dataset_id=&page=&per_page=5&sort[]=-id → {projects, meta} (PLAN-API-02, PLAN-LIST-01/03);
// with `mine`, `&inspector=me`: the projects the user inspects ("My inspections", issue 36).
import { PLANNER_PAGE_SIZE } from '@pipewise/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pageQuery, plannerKeys, type Page, type PageMetaView, type ProjectView } from './types.ts';

export async function getProjects(datasetId: number, page: number, mine = false): Promise<Page<ProjectView>> {
  const body = await api<{ projects: ProjectView[]; meta: PageMetaView }>(
    'GET',
    `/api/projects?${pageQuery(datasetId, page, PLANNER_PAGE_SIZE)}${mine ? '&inspector=me' : ''}`,
  );
  return { items: body.projects, meta: body.meta };
}

export const projectsQuery = (datasetId: number, page: number, mine = false) =>
  queryOptions({
    queryKey: mine
      ? [...plannerKeys.projectPage(datasetId, page), 'mine']
      : plannerKeys.projectPage(datasetId, page),
    queryFn: () => getProjects(datasetId, page, mine),
    placeholderData: keepPreviousData,
  });

export function useProjects(datasetId: number, page: number, mine = false) {
  return useQuery(projectsQuery(datasetId, page, mine));
}
