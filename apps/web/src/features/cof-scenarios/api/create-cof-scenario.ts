// POST /api/cof-scenarios {snapshot_id, name, copy_of} → 201 the new scenario: a copy of one of the group's scenarios,
// or of the country default when copy_of is null (COF-API-02).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { CofScenario } from '../types.ts';
import { cofScenarioKeys } from './keys.ts';
import { reportError } from '../../../lib/report-error.ts';

export interface CreateCofScenarioInput {
  name: string;
  copyOf: number | null;
}

export function createCofScenario(snapshotId: number, input: CreateCofScenarioInput): Promise<CofScenario> {
  return api<CofScenario>('POST', '/api/cof-scenarios', { snapshotId, ...input });
}

export function useCreateCofScenario(snapshotId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCofScenarioInput) => createCofScenario(snapshotId, input),
    onError: (err) => reportError('Creating a COF scenario failed', err),
    onSuccess: (created) => {
      if (created.id !== null) client.setQueryData(cofScenarioKeys.detail(created.id), created);
      return client.invalidateQueries({ queryKey: cofScenarioKeys.list(snapshotId) });
    },
  });
}
