// GET /api/snapshots/set-current?snapshot_group=&dataset= → 204: the user's current network and dataset.
// CURRENT_SNAPSHOT_KEY is this feature's own name for GET /api/snapshots/current (features do not import each
// other); whoever reads the current snapshot should use the same key so this switch refreshes it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { SNAPSHOT_GROUPS_PREFIX } from './get-target-groups.ts';

export const CURRENT_SNAPSHOT_KEY = ['snapshots', 'current'] as const;

export function setCurrentSnapshot(snapshotGroupId: number, datasetId: number): Promise<void> {
  const query = new URLSearchParams({ snapshot_group: String(snapshotGroupId), dataset: String(datasetId) });
  return api<void>('GET', `/api/snapshots/set-current?${query.toString()}`);
}

export function useSetCurrentSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, datasetId }: { groupId: number; datasetId: number }) =>
      setCurrentSnapshot(groupId, datasetId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: SNAPSHOT_GROUPS_PREFIX }),
        queryClient.invalidateQueries({ queryKey: CURRENT_SNAPSHOT_KEY }),
      ]),
  });
}
