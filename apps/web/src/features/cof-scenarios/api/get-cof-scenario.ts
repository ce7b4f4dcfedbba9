// GET /api/cof-scenarios/{id} → one scenario (COF-API-03), polled every ~2 s while a re-run for it is under way so
// the editor shows its progress until the results are current.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isRunning, RUN_POLL_MS } from '../lib/run-state.ts';
import type { CofScenario } from '../types.ts';
import { cofScenarioKeys } from './keys.ts';

export function getCofScenario(id: number): Promise<CofScenario> {
  return api<CofScenario>('GET', `/api/cof-scenarios/${id}`);
}

export const cofScenarioQuery = (id: number) =>
  queryOptions({
    queryKey: cofScenarioKeys.detail(id),
    queryFn: () => getCofScenario(id),
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data.runs) ? RUN_POLL_MS : false),
  });

export function useCofScenario(id: number) {
  return useQuery(cofScenarioQuery(id));
}
