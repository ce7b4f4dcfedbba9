// GET /api/datasets/{id}/assessments/{cof|bre} → the served analysis seen as a COF or BRE assessment (spec 000
// §7 "COF assessment entity by dataset", "BRE assessment by dataset"). 404 NO_COF_ASSESSMENT /
// NO_BRE_ASSESSMENT is the 'no … assessment found' toast's case (TOAST-09/10); the COF panel also reads the
// scenario's currency from it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { AssessmentSummary } from '../types.ts';

export type RiskAssessmentKind = 'cof' | 'bre';

export const NO_ASSESSMENT_CODE: Record<RiskAssessmentKind, string> = {
  cof: 'NO_COF_ASSESSMENT',
  bre: 'NO_BRE_ASSESSMENT',
};

// Under the 'cof' / 'bre' roots, so a completed analysis clears them (DATA-ST-09).
export const assessmentKey = (kind: RiskAssessmentKind, datasetId: number) =>
  [kind, 'assessment', datasetId] as const;

export function getAssessment(kind: RiskAssessmentKind, datasetId: number): Promise<AssessmentSummary> {
  return api<AssessmentSummary>('GET', `/api/datasets/${datasetId}/assessments/${kind}`);
}

export function assessmentQueryOptions(kind: RiskAssessmentKind, datasetId: number) {
  return queryOptions({
    queryKey: assessmentKey(kind, datasetId),
    queryFn: () => getAssessment(kind, datasetId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useAssessment(kind: RiskAssessmentKind, datasetId: number, enabled = true) {
  return useQuery({ ...assessmentQueryOptions(kind, datasetId), enabled });
}
