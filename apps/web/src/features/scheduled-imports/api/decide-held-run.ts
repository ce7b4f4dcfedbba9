// POST /api/import-definitions/{id}/runs/{runId}/commit | discard: an administrator decides a held run.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { IMPORT_DEFINITIONS_KEY, type ImportRun } from './get-import-definitions.ts';

export function decideHeldRun(v: {
  definitionId: number;
  runId: number;
  decision: 'commit' | 'discard';
}): Promise<ImportRun> {
  return api<ImportRun>('POST', `/api/import-definitions/${v.definitionId}/runs/${v.runId}/${v.decision}`);
}

export function useDecideHeldRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideHeldRun,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IMPORT_DEFINITIONS_KEY }),
  });
}
