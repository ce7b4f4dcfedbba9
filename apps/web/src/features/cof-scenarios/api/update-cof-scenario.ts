// PATCH /api/cof-scenarios/{id} with the changed fields (name, enabled, cost_master, custom_cofs) → the scenario
// (COF-API-03). Enabling one disables the group's others and, like saving the enabled one, queues a COF and BRE
// re-run: its runs[] say so, and the list is fetched again for the others' switches.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { CofScenario, CostMaster, CustomCof } from '../types.ts';
import { cofScenarioKeys } from './keys.ts';
import { reportError } from '../../../lib/report-error.ts';

export type CofScenarioPatch = Partial<{
  name: string;
  enabled: boolean;
  costMaster: CostMaster;
  customCofs: CustomCof[];
}>;

export function updateCofScenario(id: number, patch: CofScenarioPatch): Promise<CofScenario> {
  return api<CofScenario>('PATCH', `/api/cof-scenarios/${id}`, patch);
}

export function useUpdateCofScenario() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: CofScenarioPatch }) => updateCofScenario(id, patch),
    onError: (err) => reportError('Updating a COF scenario failed', err),
    onSuccess: (updated, { id }) => {
      client.setQueryData(cofScenarioKeys.detail(id), updated);
      return client.invalidateQueries({ queryKey: [...cofScenarioKeys.all, 'list'] });
    },
  });
}
