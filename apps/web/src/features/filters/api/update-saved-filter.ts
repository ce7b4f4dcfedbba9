// PATCH /api/saved-filters/{id} → the updated saved filter (FILT-SAV-04): name, filters and/or lofType.
import type { SavedFilterFilters } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { savedFiltersKey, type SavedFilterView } from './types.ts';

export interface UpdateSavedFilterInput {
  name?: string;
  filters?: SavedFilterFilters;
  lofType?: string;
}

export function updateSavedFilter(id: number, input: UpdateSavedFilterInput): Promise<SavedFilterView> {
  return api<SavedFilterView>('PATCH', `/api/saved-filters/${id}`, input);
}

export function useUpdateSavedFilter(snapshotId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateSavedFilterInput & { id: number }) => updateSavedFilter(id, input),
    onSuccess: () => client.invalidateQueries({ queryKey: savedFiltersKey(snapshotId) }),
  });
}
