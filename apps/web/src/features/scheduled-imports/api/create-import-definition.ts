// POST /api/import-definitions: without options, the network's last import's mapping is remembered by the server.
import type { ImportDefinitionCreate } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { IMPORT_DEFINITIONS_KEY, type ImportDefinition } from './get-import-definitions.ts';

export type NewImportDefinition = Camelize<ImportDefinitionCreate>;

export function createImportDefinition(body: NewImportDefinition): Promise<ImportDefinition> {
  return api<ImportDefinition>('POST', '/api/import-definitions', body);
}

export function useCreateImportDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createImportDefinition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IMPORT_DEFINITIONS_KEY }),
  });
}
