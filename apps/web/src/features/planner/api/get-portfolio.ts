// GET /api/projects/portfolio?dataset_id= → every project by year and status against the years' budgets; PUT
// …/portfolio/budgets sets (or with null removes) a year's budget and answers the portfolio (issue 36). Kept under
// the dataset's projects key, so any project change refreshes it.
import type { AnnualBudgetInput, Portfolio } from '@pipewise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { plannerKeys } from './types.ts';

export type PortfolioView = Camelize<Portfolio>;
const portfolioKey = (datasetId: number) => [...plannerKeys.projects(datasetId), 'portfolio'] as const;

export function usePortfolio(datasetId: number) {
  return useQuery({
    queryKey: portfolioKey(datasetId),
    queryFn: () => api<PortfolioView>('GET', `/api/projects/portfolio?dataset_id=${datasetId}`),
  });
}

export function useSetAnnualBudget(datasetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<Camelize<AnnualBudgetInput>, 'datasetId'>) =>
      api<PortfolioView>('PUT', '/api/projects/portfolio/budgets', { ...input, datasetId }),
    onSuccess: (portfolio) => client.setQueryData(portfolioKey(datasetId), portfolio),
  });
}
