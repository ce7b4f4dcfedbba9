// GET /api/import-definitions → the client's scheduled imports, by name (issue 42; docs/api-scheduled-imports.md).
// Polled while a run is under way, so its outcome shows without a reload.
import type { ImportDefinition as WireDefinition, ImportRun as WireRun } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type ImportDefinition = Camelize<WireDefinition>;
export type ImportRun = Camelize<WireRun>;

export const IMPORT_DEFINITIONS_KEY = ['import-definitions'] as const;

/** A run that has not reached its outcome yet. */
export const isActive = (run: ImportRun | null | undefined) =>
  run != null && ['queued', 'running', 'importing'].includes(run.status);

export function getImportDefinitions(): Promise<ImportDefinition[]> {
  return api<{ definitions: ImportDefinition[] }>('GET', '/api/import-definitions').then(
    (b) => b.definitions,
  );
}

export function importDefinitionsQueryOptions() {
  return queryOptions({
    queryKey: [...IMPORT_DEFINITIONS_KEY, 'list'],
    queryFn: getImportDefinitions,
    refetchInterval: (query) => (query.state.data?.some((d) => isActive(d.lastRun)) ? 2000 : false),
  });
}

export function useImportDefinitions() {
  return useQuery(importDefinitionsQueryOptions());
}
