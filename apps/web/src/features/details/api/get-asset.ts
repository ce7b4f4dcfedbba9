// GET /api/datasets/{id}/assets/{pipeId} → one pipe with every figure of the served analysis (spec 000 §3 Pipe,
// docs/api-assets.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AssetDetails } from '../types.ts';

// Under the 'lof' root (ANALYSIS_QUERY_ROOTS of features/datasets): the asset carries LOF, COF and BRE of the
// served analysis, so it is dropped with them when a new analysis completes (DATA-ST-09).
export const assetKey = (datasetId: number, pipeId: number) => ['lof', 'asset', datasetId, pipeId] as const;
export const assetsKey = (datasetId: number) => ['lof', 'asset', datasetId] as const;

export function getAsset(datasetId: number, pipeId: number): Promise<AssetDetails> {
  return api<AssetDetails>('GET', `/api/datasets/${datasetId}/assets/${pipeId}`);
}

export function assetQueryOptions(datasetId: number, pipeId: number) {
  return queryOptions({
    queryKey: assetKey(datasetId, pipeId),
    queryFn: () => getAsset(datasetId, pipeId),
    staleTime: 60_000,
  });
}

export function useAsset(datasetId: number, pipeId: number, enabled = true) {
  return useQuery({ ...assetQueryOptions(datasetId, pipeId), enabled });
}
