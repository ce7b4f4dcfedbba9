// GET /api/plans?dataset_id=&page=&per_page=5&sort[]=-id → {plans, meta} (PLAN-API-03, PLAN-LIST-02/03).
import { PLANNER_PAGE_SIZE } from '@pipewise/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { pageQuery, plannerKeys, type Page, type PageMetaView, type PlanView } from './types.ts';

export async function getPlans(datasetId: number, page: number): Promise<Page<PlanView>> {
  const body = await api<{ plans: PlanView[]; meta: PageMetaView }>(
    'GET',
    `/api/plans?${pageQuery(datasetId, page, PLANNER_PAGE_SIZE)}`,
  );
  return { items: body.plans, meta: body.meta };
}

export const plansQuery = (datasetId: number, page: number) =>
  queryOptions({
    queryKey: plannerKeys.planPage(datasetId, page),
    queryFn: () => getPlans(datasetId, page),
    placeholderData: keepPreviousData,
  });

export function usePlans(datasetId: number, page: number) {
  return useQuery(plansQuery(datasetId, page));
}
