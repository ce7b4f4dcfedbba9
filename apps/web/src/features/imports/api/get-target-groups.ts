// GET /api/snapshot-groups, read here only for the networks an import may add a version to. The datasets
// feature owns the shell's copy; features do not import each other, so this is a minimal fetch of its own
// under the same key prefix: invalidating ['snapshot-groups'] refreshes both.
import type { SnapshotGroup } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type TargetGroup = Pick<Camelize<SnapshotGroup>, 'snapshotGroupEntityId' | 'snapshotGroupName'>;

export const SNAPSHOT_GROUPS_PREFIX = ['snapshot-groups'] as const;

/** A client without data may get a 404: that is simply no network to add to. */
export function getTargetGroups(): Promise<TargetGroup[]> {
  return api<TargetGroup[]>('GET', '/api/snapshot-groups').catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  });
}

export function targetGroupsQueryOptions() {
  return queryOptions({ queryKey: [...SNAPSHOT_GROUPS_PREFIX, 'import-targets'], queryFn: getTargetGroups });
}

export function useTargetGroups() {
  return useQuery(targetGroupsQueryOptions());
}
