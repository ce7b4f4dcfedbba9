// DELETE /api/saved-filters/{id} → 204 (FILT-SAV-04).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { savedFiltersKey } from './types.ts';

export function deleteSavedFilter(id: number): Promise<void> {
  return api<void>('DELETE', `/api/saved-filters/${id}`);
}

export function useDeleteSavedFilter(snapshotId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedFilter,
    onSuccess: () => client.invalidateQueries({ queryKey: savedFiltersKey(snapshotId) }),
  });
}
