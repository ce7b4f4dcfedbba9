// GET /api/imports?archived=false|all → the imports list, newest first (spec 001 §2, docs/api-datasets.md).
import type { ImportItem as WireImportItem } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type ImportItem = Camelize<WireImportItem>;
export type ArchivedFilter = 'false' | 'true' | 'all';

export const IMPORTS_KEY = ['imports', 'list'] as const;

export function getImports(archived: ArchivedFilter): Promise<ImportItem[]> {
  return api<{ imports: ImportItem[] }>('GET', `/api/imports?archived=${archived}`).then((b) => b.imports);
}

export function importsQueryOptions(archived: ArchivedFilter) {
  return queryOptions({ queryKey: [...IMPORTS_KEY, archived], queryFn: () => getImports(archived) });
}

export function useImports(archived: ArchivedFilter) {
  return useQuery(importsQueryOptions(archived));
}
