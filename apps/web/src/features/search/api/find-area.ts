// GET /api/datasets/{id}/areas/{mesh|district|custom_zone}/{nativeId}: does the active area layer hold this
// native id (SRCH-09)? 404 (AREA_NOT_FOUND) answers no; any other failure is an error.
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';

export type AreaSearchKind = 'mesh' | 'district' | 'custom_zone';

export interface FoundArea {
  id: number;
  nativeId: string;
}

export const areaSearchKey = (datasetId: number, kind: AreaSearchKind, nativeId: string) =>
  ['search', 'area', datasetId, kind, nativeId] as const;

export async function findArea(
  datasetId: number,
  kind: AreaSearchKind,
  nativeId: string,
): Promise<FoundArea | null> {
  try {
    return await api<FoundArea>(
      'GET',
      `/api/datasets/${datasetId}/areas/${kind}/${encodeURIComponent(nativeId)}`,
    );
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function areaSearchQueryOptions(datasetId: number, kind: AreaSearchKind, nativeId: string) {
  return queryOptions({
    queryKey: areaSearchKey(datasetId, kind, nativeId),
    queryFn: () => findArea(datasetId, kind, nativeId),
    staleTime: 60_000,
    retry: false,
  });
}
