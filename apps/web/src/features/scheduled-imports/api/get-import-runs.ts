// GET /api/import-definitions/{id}/runs → the last 50 runs of a definition, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { IMPORT_DEFINITIONS_KEY, isActive, type ImportRun } from './get-import-definitions.ts';

export function getImportRuns(id: number): Promise<ImportRun[]> {
  return api<{ runs: ImportRun[] }>('GET', `/api/import-definitions/${id}/runs`).then((b) => b.runs);
}

export function importRunsQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...IMPORT_DEFINITIONS_KEY, id, 'runs'],
    queryFn: () => getImportRuns(id),
    refetchInterval: (query) => (query.state.data?.some(isActive) ? 2000 : false),
  });
}

export function useImportRuns(id: number) {
  return useQuery(importRunsQueryOptions(id));
}
