// GET /api/datasets/{id}/vis/{segmentId} → one valve isolation segment (spec 000 §3 VIS record, §7 vis details).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { VisDetails } from '../types.ts';

// Under the 'lof' root: aggregated LOF of the served analysis, cleared when a new one completes (DATA-ST-09).
export const visKey = (datasetId: number, segmentId: number) => ['lof', 'vis', datasetId, segmentId] as const;

export function getVis(datasetId: number, segmentId: number): Promise<VisDetails> {
  return api<VisDetails>('GET', `/api/datasets/${datasetId}/vis/${segmentId}`);
}

export function visQueryOptions(datasetId: number, segmentId: number) {
  return queryOptions({
    queryKey: visKey(datasetId, segmentId),
    queryFn: () => getVis(datasetId, segmentId),
    staleTime: 60_000,
  });
}

export function useVis(datasetId: number, segmentId: number, enabled = true) {
  return useQuery({ ...visQueryOptions(datasetId, segmentId), enabled });
}
