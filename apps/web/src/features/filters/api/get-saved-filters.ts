// GET /api/saved-filters?snapshot_id=N → {saved_filters} (FILT-SAV-04): the user's saved filters of a snapshot group.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { savedFiltersKey, type SavedFilterView } from './types.ts';

export async function getSavedFilters(snapshotId: number): Promise<SavedFilterView[]> {
  const body = await api<{ savedFilters: SavedFilterView[] }>(
    'GET',
    `/api/saved-filters?snapshot_id=${snapshotId}`,
  );
  return body.savedFilters;
}

export const savedFiltersQuery = (snapshotId: number) =>
  queryOptions({ queryKey: savedFiltersKey(snapshotId), queryFn: () => getSavedFilters(snapshotId) });

export function useSavedFilters(snapshotId: number, enabled = true) {
  return useQuery({ ...savedFiltersQuery(snapshotId), enabled });
}
