// GET /api/datasets/{id}/areas/{mesh|district|custom_zone} → {areas: [{id, native_id, name, …}]} (docs/api-assets.md
// DET-API-05): the areas a custom COF defined by layer can name. Fetched only while the custom COF dialog shows
// that layer.
import type { AreaList } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import type { AreaLayer } from '../types.ts';
import { cofScenarioKeys } from './keys.ts';

export type AreaItem = Camelize<AreaList>['areas'][number];

export async function getAreas(datasetId: number, layer: AreaLayer): Promise<AreaItem[]> {
  return (await api<Camelize<AreaList>>('GET', `/api/datasets/${datasetId}/areas/${layer}`)).areas;
}

export const areasQuery = (datasetId: number, layer: AreaLayer) =>
  queryOptions({
    queryKey: cofScenarioKeys.areas(datasetId, layer),
    queryFn: () => getAreas(datasetId, layer),
    staleTime: 5 * 60_000,
  });

export function useAreas(datasetId: number | null, layer: AreaLayer, enabled: boolean) {
  return useQuery({ ...areasQuery(datasetId ?? 0, layer), enabled: enabled && datasetId !== null });
}
