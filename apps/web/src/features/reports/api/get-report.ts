// GET /api/datasets/{id}/reports/query?categories=a,b&horizon=12&limit=100 → the report figures of the dataset's
// served analysis (packages/domain/src/api/reports.ts). 409 = no analysis has completed yet: the page shows that
// state and asks again every 10 s, so it fills in by itself once the analysis is served.
import type { LofMonths, ReportCategory, ReportResponse } from '@pipewise/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { reportError } from '../../../lib/report-error.ts';

export type Report = Camelize<ReportResponse>;
export type ReportResults = Report['results'];

export interface ReportRequest {
  datasetId: number;
  categories: readonly ReportCategory[];
  horizon?: LofMonths;
  limit?: number;
}

export const NOT_READY_POLL_MS = 10_000;

export const isNotReady = (error: unknown) => error instanceof ApiError && error.status === 409;

// Under the 'lof' root (ANALYSIS_QUERY_ROOTS of features/datasets): reports aggregate the served analysis, so they
// are dropped with its other figures when a new analysis completes (DATA-ST-09).
export const reportKey = ({ datasetId, categories, horizon = 12, limit = 100 }: ReportRequest) =>
  ['lof', 'report', datasetId, categories.join(','), horizon, limit] as const;

export function getReport({
  datasetId,
  categories,
  horizon = 12,
  limit = 100,
}: ReportRequest): Promise<Report> {
  const query = new URLSearchParams({
    categories: categories.join(','),
    horizon: String(horizon),
    limit: String(limit),
  });
  return api<Report>('GET', `/api/datasets/${datasetId}/reports/query?${query.toString()}`);
}

export function reportQueryOptions(request: ReportRequest) {
  return queryOptions({
    queryKey: reportKey(request),
    // A failure other than "not analysed yet" is shown on the page and reported (RPT-14).
    queryFn: () =>
      getReport(request).catch((err: unknown) => {
        if (!isNotReady(err)) reportError(`The report query (${request.categories.join(', ')}) failed`, err);
        throw err;
      }),
    staleTime: 60_000,
    refetchInterval: (query) => (isNotReady(query.state.error) ? NOT_READY_POLL_MS : false),
  });
}

/** While another horizon loads, the previous figures stay (marked busy) rather than blanking the page. */
export function useReport(request: ReportRequest, enabled = true) {
  return useQuery({ ...reportQueryOptions(request), enabled, placeholderData: keepPreviousData });
}
