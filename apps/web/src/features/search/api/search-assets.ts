// GET /api/datasets/{id}/assets/search?q= → [{id, native_pipe_id}]: the exact native id first, then
// case-insensitive prefix matches, at most 20 (spec 000 §7 "conveyance assets by input id", SRCH-02…04).
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface AssetSearchMatch {
  id: number;
  nativePipeId: string;
}

export const assetSearchKey = (datasetId: number, q: string) => ['search', 'assets', datasetId, q] as const;

export function searchAssets(datasetId: number, q: string): Promise<AssetSearchMatch[]> {
  return api<AssetSearchMatch[]>(
    'GET',
    `/api/datasets/${datasetId}/assets/search?q=${encodeURIComponent(q)}`,
  );
}

export function assetSearchQueryOptions(datasetId: number, q: string) {
  return queryOptions({
    queryKey: assetSearchKey(datasetId, q),
    queryFn: () => searchAssets(datasetId, q),
    staleTime: 60_000,
    retry: false,
  });
}
