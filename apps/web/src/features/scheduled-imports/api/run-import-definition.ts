// POST /api/import-definitions/{id}/run → 202, a queued run (409 while one is under way).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { IMPORT_DEFINITIONS_KEY, type ImportRun } from './get-import-definitions.ts';

export function runImportDefinition(id: number): Promise<ImportRun> {
  return api<ImportRun>('POST', `/api/import-definitions/${id}/run`);
}

export function useRunImportDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runImportDefinition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IMPORT_DEFINITIONS_KEY }),
  });
}
