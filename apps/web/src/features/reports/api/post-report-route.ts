// POST /api/report-routes {route_type_code, dataset_id} → 204: a report page tells the server it was opened
// (001 §2/§7, RPT-03). Nothing on screen depends on it, so a failure is only reported (RPT-14, 000 §8: "report
// failures are reported to the error-reporting service": lib/report-error.ts).
import { screenAreaCode, type ScreenArea } from '@pipewise/domain';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client.ts';
import { reportError } from '../../../lib/report-error.ts';

export function postReportRoute(area: ScreenArea, datasetId: number | null): Promise<void> {
  return api<void>('POST', '/api/report-routes', { routeTypeCode: screenAreaCode(area), datasetId });
}

/**
 * Sends the route once per page and dataset, as soon as the dataset is known (undefined = still loading; null =
 * the client has none). The ref keeps React's development double effect from sending it twice.
 */
export function useReportRoute(area: ScreenArea, datasetId: number | null | undefined): void {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (datasetId === undefined) return;
    const key = `${area}:${datasetId}`;
    if (sent.current === key) return;
    sent.current = key;
    postReportRoute(area, datasetId).catch((err: unknown) => {
      reportError(`Reporting the opened report page (${area}) failed`, err);
    });
  }, [area, datasetId]);
}
