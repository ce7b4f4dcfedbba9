// GET /api/snapshots/current → the user's current snapshot with its chosen dataset (docs/api-datasets.md).
// 404 NO_DATASET is an answer, not a failure: the client has no data yet (null). Any other failure is
// SHELL-ROUTE-06's case, handled by useCurrentSnapshotGuard.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { Snapshot } from '../types.ts';

export const CURRENT_SNAPSHOT_KEY = ['snapshots', 'current'] as const;

export async function getCurrentSnapshot(): Promise<Snapshot | null> {
  try {
    return await api<Snapshot>('GET', '/api/snapshots/current');
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function currentSnapshotQueryOptions() {
  return queryOptions({
    queryKey: CURRENT_SNAPSHOT_KEY,
    queryFn: getCurrentSnapshot,
    staleTime: 60_000,
    retry: false,
  });
}

export function useCurrentSnapshot(enabled = true) {
  return useQuery({ ...currentSnapshotQueryOptions(), enabled });
}
