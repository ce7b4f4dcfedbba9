// GET /api/datasets/{id}/areas/{mesh|district|custom_zone}/{nativeId} → a mesh, district or custom zone with
// the served analysis' aggregate (spec 000 §3, §7). 404 AREA_NOT_FOUND is the not-found toast's case (TOAST-20).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AreaDetails, AreaKind } from '../types.ts';

export const AREA_NOT_FOUND = 'AREA_NOT_FOUND';

// Under the 'lof' root: lof_12 and risk drivers come from the served analysis (DATA-ST-09).
export const areaKey = (datasetId: number, kind: AreaKind, nativeId: string) =>
  ['lof', 'area', datasetId, kind, nativeId] as const;

export function getArea(datasetId: number, kind: AreaKind, nativeId: string): Promise<AreaDetails> {
  return api<AreaDetails>('GET', `/api/datasets/${datasetId}/areas/${kind}/${encodeURIComponent(nativeId)}`);
}

export function areaQueryOptions(datasetId: number, kind: AreaKind, nativeId: string) {
  return queryOptions({
    queryKey: areaKey(datasetId, kind, nativeId),
    queryFn: () => getArea(datasetId, kind, nativeId),
    staleTime: 60_000,
  });
}

export function useArea(datasetId: number, kind: AreaKind, nativeId: string, enabled = true) {
  return useQuery({ ...areaQueryOptions(datasetId, kind, nativeId), enabled });
}
