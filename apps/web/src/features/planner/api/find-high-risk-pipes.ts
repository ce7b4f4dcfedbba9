// POST /api/datasets/{id}/high-risk-pipes (spec 'find-high-risk-pipes/{id}'; PLAN-FIND-01) → the riskiest pipes
// covering the asked share (% of length or count) or length (metres) of the area or the whole network.
import type { PipeFinderInput } from '@pipewise/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import type { PipeFinderResultView } from './types.ts';

export type FindPipesInput = Camelize<PipeFinderInput>;

export function findHighRiskPipes(datasetId: number, input: FindPipesInput): Promise<PipeFinderResultView> {
  return api<PipeFinderResultView>('POST', `/api/datasets/${datasetId}/high-risk-pipes`, input);
}

export function useFindHighRiskPipes(datasetId: number) {
  return useMutation({ mutationFn: (input: FindPipesInput) => findHighRiskPipes(datasetId, input) });
}
