// GET /api/datasets → every dataset of every version of the client's networks, network by network, newest first.
import type { Dataset, SnapshotType } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

/** A dataset as the list sends it: with its network's name and its version's type (datasetListSchema). */
export type DatasetVersion = Camelize<
  Dataset & { snapshot_group_entity_id: number; snapshot_group_name: string; snapshot_type: SnapshotType }
>;

export const DATASETS_KEY = ['datasets', 'list'] as const;

export function getDatasets(): Promise<DatasetVersion[]> {
  return api<{ datasets: DatasetVersion[] }>('GET', '/api/datasets').then((b) => b.datasets);
}

export function datasetsQueryOptions() {
  return queryOptions({ queryKey: DATASETS_KEY, queryFn: getDatasets });
}

export function useDatasets() {
  return useQuery(datasetsQueryOptions());
}
