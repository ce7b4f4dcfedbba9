// A report page (001 §2, §7): gated by subscription (001 §6) before any call, then the dataset's figures, or why
// there are none (no dataset, analysis not complete, an error). Opening it tells the server (RPT-03).
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNotReady, useReport } from '../api/get-report.ts';
import { useReportRoute } from '../api/post-report-route.ts';
import { useHorizonParam } from '../hooks/use-horizon-param.ts';
import { reportViewer, type ReportUser } from '../lib/viewer.ts';
import { REPORT_PAGES, type ReportType } from '../report-pages.ts';
import { HorizonSelect } from './HorizonSelect.tsx';
import { PrintStyles } from './PrintStyles.tsx';
import { ReportContent } from './ReportContent.tsx';
import { NeedsSubscription, NoDataset, NotReady, ReportError } from './ReportStates.tsx';

export interface ReportViewProps {
  type: ReportType;
  user: ReportUser;
  /** The current dataset; null when the client has none. */
  dataset: { id: number; name: string } | null;
  /** Where the dataset's analysis is, shown while its results are not ready. */
  analysisStatus?: ReactNode;
}

export function ReportView({ type, user, dataset, analysisStatus }: ReportViewProps) {
  const { t, i18n } = useTranslation('reports');
  // Stable while user and language are: the sections are rebuilt only when the figures or the reader change.
  const viewer = useMemo(() => reportViewer(user, i18n.language), [user, i18n.language]);
  const page = REPORT_PAGES[type];
  const title = t(`titles.${type}`);
  const [horizon, setHorizon] = useHorizonParam();
  const allowed = viewer.holds(page.needs);
  useReportRoute(page.area, dataset?.id ?? null);
  const query = useReport(
    {
      datasetId: dataset?.id ?? 0,
      categories: page.categories,
      ...(page.horizon && { horizon }),
      ...(page.limit !== undefined && { limit: page.limit }),
    },
    allowed && dataset !== null,
  );

  let body: ReactNode;
  if (!allowed) body = <NeedsSubscription title={title} needs={page.needs} />;
  else if (!dataset) body = <NoDataset title={title} />;
  else if (query.isError && isNotReady(query.error))
    body = <NotReady title={title} dataset={dataset.name} status={analysisStatus} />;
  else if (query.isError)
    body = <ReportError message={query.error.message} onRetry={() => void query.refetch()} />;
  else if (!query.data)
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('states.loading')} data-testid="report-loading" />
      </Box>
    );
  else
    body = (
      <ReportContent
        type={type}
        title={title}
        report={query.data}
        viewer={viewer}
        horizon={horizon}
        actions={page.horizon && <HorizonSelect value={horizon} onChange={setHorizon} />}
      />
    );

  return (
    <Box
      className="report-page"
      data-testid="report-page"
      data-report={type}
      aria-busy={query.isFetching}
      sx={{ p: { xs: 2, md: 4 }, maxWidth: 1400, mx: 'auto' }}
    >
      <PrintStyles />
      {body}
    </Box>
  );
}
