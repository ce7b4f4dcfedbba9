// The report pages of spec §2 (content in the second document).
import { data } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';

export const REPORT_TYPES = [
  'asset',
  'lof',
  'highest',
  'cof',
  'total-risk',
  'mesh',
  'district',
  'custom-zone',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export function isReportType(value: string): value is ReportType {
  return (REPORT_TYPES as readonly string[]).includes(value);
}

export function reportLoader({ params }: LoaderFunctionArgs): null {
  if (!params.report || !isReportType(params.report)) {
    throw data({ message: `Unknown report '${params.report ?? ''}'` }, { status: 404 });
  }
  return null;
}
