// DELETE /api/import-definitions/{id}: its runs go with it; the imports it made stay.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { IMPORT_DEFINITIONS_KEY } from './get-import-definitions.ts';

export function deleteImportDefinition(id: number): Promise<void> {
  return api<void>('DELETE', `/api/import-definitions/${id}`);
}

export function useDeleteImportDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImportDefinition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IMPORT_DEFINITIONS_KEY }),
  });
}
