// GET /api/planner-scenarios?snapshot_id=N → {job_planner_scenarios} (PLAN-SCN-02): the snapshot group's scenarios.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { plannerKeys, type ScenarioView } from './types.ts';

export async function getPlannerScenarios(snapshotId: number): Promise<ScenarioView[]> {
  const body = await api<{ jobPlannerScenarios: ScenarioView[] }>(
    'GET',
    `/api/planner-scenarios?snapshot_id=${snapshotId}`,
  );
  return body.jobPlannerScenarios;
}

export const plannerScenariosQuery = (snapshotId: number) =>
  queryOptions({
    queryKey: plannerKeys.scenarios(snapshotId),
    queryFn: () => getPlannerScenarios(snapshotId),
  });

export function usePlannerScenarios(snapshotId: number | null) {
  return useQuery({ ...plannerScenariosQuery(snapshotId ?? 0), enabled: snapshotId !== null });
}
