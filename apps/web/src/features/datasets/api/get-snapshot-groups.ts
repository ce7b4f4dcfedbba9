// GET /api/snapshot-groups → the snapshot groups with their datasets (spec §3, §7).
// There is no dataset API on the server yet: a 404 or any failure means "no data" (spec §8: failure
// to load snapshot groups gives the no-data state; the error is logged).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';

/** The dataset fields the shell needs; the full Dataset type comes with the dataset API. */
export interface DatasetSummary {
  id: number;
  originalDatasetId: number | null;
  name: string;
  scenario?: { name?: string | null } | string | null;
}

export interface SnapshotGroup {
  snapshotEntityId: number;
  snapshotGroupEntityId: number;
  snapshotGroupName: string;
  datasets: DatasetSummary[];
}

export const SNAPSHOT_GROUPS_KEY = ['snapshot-groups'] as const;

type Wire = SnapshotGroup[] | { snapshotGroups?: SnapshotGroup[]; groups?: SnapshotGroup[] };

export async function getSnapshotGroups(): Promise<SnapshotGroup[]> {
  try {
    const body = await api<Wire>('GET', '/api/snapshot-groups');
    if (Array.isArray(body)) return body;
    return body.snapshotGroups ?? body.groups ?? [];
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 404))
      console.error('Loading snapshot groups failed', err);
    return [];
  }
}

export function snapshotGroupsQueryOptions() {
  return queryOptions({ queryKey: SNAPSHOT_GROUPS_KEY, queryFn: getSnapshotGroups, staleTime: 60_000 });
}

export function useSnapshotGroups(enabled = true) {
  return useQuery({ ...snapshotGroupsQueryOptions(), enabled });
}
