// DELETE /api/planner-scenarios/{id} → 204 (PLAN-SCN-02, PLAN-SCN-08).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { plannerKeys } from './types.ts';
import { reportError } from '../../../lib/report-error.ts';

export function deletePlannerScenario(id: number): Promise<void> {
  return api<void>('DELETE', `/api/planner-scenarios/${id}`);
}

export function useDeletePlannerScenario(snapshotId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deletePlannerScenario,
    onError: (err) => reportError('Deleting a planner scenario failed', err), // PLAN-SCN-14
    onSuccess: () => client.invalidateQueries({ queryKey: plannerKeys.scenarios(snapshotId) }),
  });
}
