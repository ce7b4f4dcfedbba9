// DELETE /api/datasets/{id} → 204 (issue 15): a version with its data; the newest version left becomes CURRENT, and
// the last version takes its network along.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function deleteDataset(id: number): Promise<void> {
  return api<void>('DELETE', `/api/datasets/${id}`);
}

export function useDeleteDataset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDataset,
    // The lists, the networks of the dataset menu, the user's current dataset and anything read from the deleted one.
    onSuccess: () => client.invalidateQueries(),
  });
}
