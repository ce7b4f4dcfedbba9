// GET /api/imports/{id} → the import item; the wizard polls it every second until the job has finished.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ImportItem } from './get-imports.ts';

/** docs/api-datasets.md: "The wizard polls it every second". */
export const IMPORT_POLL_MS = 1000;

export function getImport(id: number): Promise<ImportItem> {
  return api<ImportItem>('GET', `/api/imports/${id}`);
}

const finished = (item: ImportItem | undefined) => item?.status === 'succeeded' || item?.status === 'failed';

export function importQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['imports', 'item', id],
    queryFn: () => getImport(id),
    staleTime: 0,
    refetchInterval: (query) => (finished(query.state.data) ? false : IMPORT_POLL_MS),
  });
}

export function useImportItem(id: number | null) {
  return useQuery({ ...importQueryOptions(id ?? 0), enabled: id != null });
}
