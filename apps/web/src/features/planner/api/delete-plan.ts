// DELETE /api/plans/{id} → 204 (its proposals go with it; projects made from them stay).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { plannerKeys } from './types.ts';

export function deletePlan(id: number): Promise<void> {
  return api<void>('DELETE', `/api/plans/${id}`);
}

export function useDeletePlan(datasetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: (_done, id) => {
      client.removeQueries({ queryKey: plannerKeys.plan(id) });
      client.removeQueries({ queryKey: plannerKeys.proposals(id) });
      return client.invalidateQueries({ queryKey: plannerKeys.plans(datasetId) });
    },
  });
}
