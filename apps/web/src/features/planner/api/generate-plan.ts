// POST /api/plans/generate (spec 'plans/generate_plan'; AutoPlannerInput, lengths in metres) → 202 the plan, state
// 'queued'. The job runs on the server; get-plan.ts polls it.
import type { AutoPlannerInput } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { plannerKeys, type PlanView } from './types.ts';

export type GeneratePlanInput = Camelize<AutoPlannerInput>;

export function generatePlan(input: GeneratePlanInput): Promise<PlanView> {
  return api<PlanView>('POST', '/api/plans/generate', input);
}

export function useGeneratePlan(datasetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generatePlan,
    onSuccess: (plan) => {
      client.setQueryData(plannerKeys.plan(plan.id), plan);
      return client.invalidateQueries({ queryKey: plannerKeys.plans(datasetId) });
    },
  });
}
