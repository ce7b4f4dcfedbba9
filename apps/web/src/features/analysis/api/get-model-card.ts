// GET /api/datasets/{id}/model-card → the served analysis' summaries (LOF card with backtests, imputation, VIS,
// COF). 404 NO_LOF_ASSESSMENT = no complete analysis yet: answered as null, not as an error.
import type { ModelCard } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type ModelCardBody = Camelize<ModelCard>;

// Under the 'lof' root: cleared with the other analysis entities when a new analysis completes (DATA-ST-09).
export const modelCardKey = (datasetId: number) => ['lof', 'model-card', datasetId] as const;

export async function getModelCard(datasetId: number): Promise<ModelCardBody | null> {
  try {
    return await api<ModelCardBody>('GET', `/api/datasets/${datasetId}/model-card`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** `waiting`: an analysis is under way, so a missing card is asked for again every 5 s until it exists. */
export function useModelCard(datasetId: number, enabled = true, waiting = false) {
  return useQuery(
    queryOptions({
      queryKey: modelCardKey(datasetId),
      queryFn: () => getModelCard(datasetId),
      enabled,
      refetchInterval: (query) => (waiting && query.state.data === null ? 5000 : false),
    }),
  );
}
