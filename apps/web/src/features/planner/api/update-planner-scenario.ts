// PATCH /api/planner-scenarios/{id} with the changed field only (PLAN-SCN-02): a rename or a date.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { plannerKeys, type ScenarioView } from './types.ts';
import { reportError } from '../../../lib/report-error.ts';

export type ScenarioPatch = { name: string } | { startDate: string } | { endDate: string };

export function updatePlannerScenario(id: number, patch: ScenarioPatch): Promise<ScenarioView> {
  return api<ScenarioView>('PATCH', `/api/planner-scenarios/${id}`, patch);
}

export function useUpdatePlannerScenario(snapshotId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: ScenarioPatch }) => updatePlannerScenario(id, patch),
    onError: (err) => reportError('Updating a planner scenario failed', err), // PLAN-SCN-14
    onSuccess: () => client.invalidateQueries({ queryKey: plannerKeys.scenarios(snapshotId) }),
  });
}
