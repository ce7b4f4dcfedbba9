// PATCH /api/import-definitions/{id} (here: switching the schedule on and off).
import type { ImportDefinitionPatch } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { IMPORT_DEFINITIONS_KEY, type ImportDefinition } from './get-import-definitions.ts';

export function updateImportDefinition(v: {
  id: number;
  patch: Camelize<ImportDefinitionPatch>;
}): Promise<ImportDefinition> {
  return api<ImportDefinition>('PATCH', `/api/import-definitions/${v.id}`, v.patch);
}

export function useUpdateImportDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImportDefinition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IMPORT_DEFINITIONS_KEY }),
  });
}
