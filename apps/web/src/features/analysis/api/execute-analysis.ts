// POST /api/datasets/{id}/analyses/all/execute (spec 001 §7) → {analysisId, status}; refreshes runs and status.
import type { AnalysisExecuteResponse } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { DATASET_STATUS_KEY } from '../../datasets/index.ts';
import { analysesKey } from './get-analyses.ts';

export function executeAnalysis(datasetId: number): Promise<Camelize<AnalysisExecuteResponse>> {
  return api<Camelize<AnalysisExecuteResponse>>('POST', `/api/datasets/${datasetId}/analyses/all/execute`);
}

export function useExecuteAnalysis(datasetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => executeAnalysis(datasetId),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: analysesKey(datasetId) }),
        client.invalidateQueries({ queryKey: DATASET_STATUS_KEY }),
      ]),
  });
}
