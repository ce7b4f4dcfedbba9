// GET /api/plans/{id} → the plan; polled while its job is queued or running, then left alone (done or failed).
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client.ts';
import { plannerKeys, type PlanView } from './types.ts';

/** How often a running plan is asked for (a plan of the 3,000-pipe demo town takes a few seconds). */
export const PLAN_POLL_MS = 1_000;

export const isPlanRunning = (plan: Pick<PlanView, 'state'> | undefined) =>
  plan?.state === 'queued' || plan?.state === 'running';

export function getPlan(id: number): Promise<PlanView> {
  return api<PlanView>('GET', `/api/plans/${id}`);
}

export const planQuery = (id: number) =>
  queryOptions({
    queryKey: plannerKeys.plan(id),
    queryFn: () => getPlan(id),
    refetchInterval: (query) => (isPlanRunning(query.state.data) ? PLAN_POLL_MS : false),
  });

export function usePlan(id: number | null, datasetId: number) {
  const client = useQueryClient();
  const query = useQuery({ ...planQuery(id ?? 0), enabled: id !== null });
  const state = query.data?.state;
  // A finished plan changes the plan list (its result, its proposal count).
  useEffect(() => {
    if (state === 'done' || state === 'failed') {
      void client.invalidateQueries({ queryKey: plannerKeys.plans(datasetId) });
    }
  }, [state, client, datasetId]);
  return query;
}
