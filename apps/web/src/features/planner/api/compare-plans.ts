// GET /api/plans/compare?a=ID&b=ID|portfolio → two plans, or a plan and the active projects, side by side (issue 36).
import type { PlanComparison } from '@pipewise/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type PlanComparisonView = Camelize<PlanComparison>;

export function useComparePlans(a: number, b: number | 'portfolio' | null) {
  return useQuery({
    queryKey: ['planner', 'compare', a, b] as const,
    queryFn: () => api<PlanComparisonView>('GET', `/api/plans/compare?a=${a}&b=${b}`),
    enabled: b !== null,
  });
}
