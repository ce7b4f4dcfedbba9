// POST /api/planner-scenarios {snapshot_id, name, start_date, end_date} → 201 the scenario (PLAN-SCN-03). The web
// sends the spec's defaults itself ('Job N (date)', today → today + 7 days), so the user sees what they get.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { plannerKeys, type ScenarioView } from './types.ts';
import { reportError } from '../../../lib/report-error.ts';

export interface CreateScenarioInput {
  snapshotId: number;
  name: string;
  startDate: string;
  endDate: string;
  imageUrl?: string | null;
}

export function createPlannerScenario(input: CreateScenarioInput): Promise<ScenarioView> {
  return api<ScenarioView>('POST', '/api/planner-scenarios', input);
}

export function useCreatePlannerScenario(snapshotId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<CreateScenarioInput, 'snapshotId'>) =>
      createPlannerScenario({ ...input, snapshotId }),
    onError: (err) => reportError('Creating a planner scenario failed', err), // PLAN-SCN-14
    onSuccess: () => client.invalidateQueries({ queryKey: plannerKeys.scenarios(snapshotId) }),
  });
}
