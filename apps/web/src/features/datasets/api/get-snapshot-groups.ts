// GET /api/snapshot-groups → the groups with the datasets of their CURRENT snapshot (docs/api-datasets.md).
// Spec 000 §8 / DATA-SW-08: a failure gives the no-data state and is reported; a 404 is plain "no data".
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { SnapshotGroup } from '../types.ts';
import { reportError } from '../../../lib/report-error.ts';

export const SNAPSHOT_GROUPS_KEY = ['snapshot-groups'] as const;

export async function getSnapshotGroups(): Promise<SnapshotGroup[]> {
  try {
    return await api<SnapshotGroup[]>('GET', '/api/snapshot-groups');
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404)) reportError('Loading snapshot groups failed', err);
    return [];
  }
}

export function snapshotGroupsQueryOptions() {
  return queryOptions({ queryKey: SNAPSHOT_GROUPS_KEY, queryFn: getSnapshotGroups, staleTime: 60_000 });
}

export function useSnapshotGroups(enabled = true) {
  return useQuery({ ...snapshotGroupsQueryOptions(), enabled });
}
