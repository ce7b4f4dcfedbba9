// GET /api/datasets/{id}/vis/{segmentId}: does the served analysis have this valve isolation segment? 404 answers
// no. The VIS layer is searched by its segment id, a number (SRCH-02).
import { queryOptions } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';

export const segmentSearchKey = (datasetId: number, segmentId: number) =>
  ['search', 'vis', datasetId, segmentId] as const;

export async function findSegment(datasetId: number, segmentId: number): Promise<{ id: number } | null> {
  try {
    return await api<{ id: number }>('GET', `/api/datasets/${datasetId}/vis/${segmentId}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

export function segmentSearchQueryOptions(datasetId: number, segmentId: number) {
  return queryOptions({
    queryKey: segmentSearchKey(datasetId, segmentId),
    queryFn: () => findSegment(datasetId, segmentId),
    staleTime: 60_000,
    retry: false,
  });
}
