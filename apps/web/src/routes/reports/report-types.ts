// The report routes of spec §2 (/reports/{type}); an unknown type is a 404. The list lives with the report pages'
// definitions, imported by path rather than through the feature's index so the route table, which loads with the
// app, does not pull the report screens into the first chunk.
import { data } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { isReportType } from '../../features/reports/report-pages.ts';

export function reportLoader({ params }: LoaderFunctionArgs): null {
  if (!isReportType(params.report)) {
    throw data({ message: `Unknown report '${params.report ?? ''}'` }, { status: 404 });
  }
  return null;
}
