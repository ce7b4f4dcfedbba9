// GET /api/cof-scenarios?snapshot_id=N → the snapshot group's saved scenarios, newest first, with the country default
// it falls back to (COF-API-02). Polled every ~2 s while any of them is being re-run.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isRunning, RUN_POLL_MS } from '../lib/run-state.ts';
import type { CofScenarioList } from '../types.ts';
import { cofScenarioKeys } from './keys.ts';

export function getCofScenarios(snapshotId: number): Promise<CofScenarioList> {
  return api<CofScenarioList>('GET', `/api/cof-scenarios?snapshot_id=${snapshotId}`);
}

const anyRunning = (list: CofScenarioList | undefined) =>
  list !== undefined && [list.defaultScenario, ...list.cofScenarios].some((s) => isRunning(s.runs));

export const cofScenariosQuery = (snapshotId: number) =>
  queryOptions({
    queryKey: cofScenarioKeys.list(snapshotId),
    queryFn: () => getCofScenarios(snapshotId),
    refetchInterval: (query) => (anyRunning(query.state.data) ? RUN_POLL_MS : false),
  });

export function useCofScenarios(snapshotId: number | null) {
  return useQuery({ ...cofScenariosQuery(snapshotId ?? 0), enabled: snapshotId !== null });
}
