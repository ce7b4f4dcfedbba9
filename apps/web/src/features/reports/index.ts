// Public surface of the reports feature (001 §2, §7): the report pages, and the pieces of the home dashboard that
// show the current dataset at a glance.
export { ReportView } from './components/ReportView.tsx';
export type { ReportViewProps } from './components/ReportView.tsx';
export { REPORT_TYPES, REPORT_PAGES, isReportType } from './report-pages.ts';
export type { ReportType } from './report-pages.ts';
export type { ReportUser } from './lib/viewer.ts';
export { DatasetGlance } from './components/dashboard/DatasetGlance.tsx';
export { GlanceCard } from './components/dashboard/GlanceCard.tsx';
