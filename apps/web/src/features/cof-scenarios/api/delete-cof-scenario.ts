// DELETE /api/cof-scenarios/{id} → 204 (COF-API-03). Deleting the enabled scenario falls back to the default and
// re-runs COF and BRE on the server.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { cofScenarioKeys } from './keys.ts';
import { reportError } from '../../../lib/report-error.ts';

export function deleteCofScenario(id: number): Promise<void> {
  return api<void>('DELETE', `/api/cof-scenarios/${id}`);
}

export function useDeleteCofScenario(snapshotId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCofScenario,
    onError: (err) => reportError('Deleting a COF scenario failed', err),
    onSuccess: (_void, id) => {
      client.removeQueries({ queryKey: cofScenarioKeys.detail(id) });
      return client.invalidateQueries({ queryKey: cofScenarioKeys.list(snapshotId) });
    },
  });
}
