// GET /api/datasets/{id}/analyses → the dataset's analysis runs, newest first (stage, progress, error, timings).
import type { AnalysisRun } from '@pipewise/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type AnalysisRunView = Camelize<AnalysisRun>;

export const analysesKey = (datasetId: number) => ['lof', 'analyses', datasetId] as const;

const RUNNING: readonly string[] = ['queued', 'preprocess', 'lof', 'cof', 'tiling'];
export const isRunning = (run: AnalysisRunView | undefined) =>
  run !== undefined && RUNNING.includes(run.stage);

export function getAnalyses(datasetId: number): Promise<AnalysisRunView[]> {
  return api<AnalysisRunView[]>('GET', `/api/datasets/${datasetId}/analyses`);
}

/** Polled every 5 s while the newest run is still going. */
export function useAnalyses(datasetId: number, enabled = true) {
  return useQuery({
    queryKey: analysesKey(datasetId),
    queryFn: () => getAnalyses(datasetId),
    enabled,
    refetchInterval: (query) => (isRunning(query.state.data?.[0]) ? 5000 : false),
  });
}
