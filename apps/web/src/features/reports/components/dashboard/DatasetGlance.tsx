// The current dataset at a glance on the home dashboard: network length by material and by install decade, the
// length in each LOF class and the 5 pipes most likely to break, each card linking to its report. One call for
// all four; the LOF cards need the LOF subscription (001 §6) and say so instead.
import type { ReportCategory } from '@pipewise/domain';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNotReady, useReport, type Report } from '../../api/get-report.ts';
import { useBuildContext } from '../../hooks/use-build-context.ts';
import type { ChartModel } from '../../lib/section.ts';
import { byDecade, lengthSection } from '../../lib/sections/asset.ts';
import type { BuildContext } from '../../lib/sections/context.ts';
import { lofAbsoluteSection } from '../../lib/sections/lof.ts';
import { reportViewer, type ReportUser } from '../../lib/viewer.ts';
import { ReportChart } from '../charts/ReportChart.tsx';
import { GlanceCard } from './GlanceCard.tsx';
import { GlanceLoading, GlanceMessage } from './GlanceState.tsx';
import { HighestPipesList } from './HighestPipesList.tsx';

const ASSET: ReportCategory[] = ['length_by_material', 'length_by_install_year'];
const LOF: ReportCategory[] = ['lof_length_absolute', 'lof_highest'];
/** The dashboard lists the top of the Highest report. */
const HIGHEST_PIPES = 5;
const CARD_CHART_HEIGHT = 240;

interface Props {
  user: ReportUser;
  datasetId: number;
}

export function DatasetGlance({ user, datasetId }: Props) {
  const { t, i18n } = useTranslation('reports');
  // Stable while user and language are: the sections are rebuilt only when the figures or the reader change.
  const viewer = useMemo(() => reportViewer(user, i18n.language), [user, i18n.language]);
  const hasLof = viewer.holds(['LOF']);
  const query = useReport({
    datasetId,
    categories: hasLof ? [...ASSET, ...LOF] : ASSET,
    limit: HIGHEST_PIPES,
  });
  const ctx = useBuildContext(viewer, query.data?.currency);

  /** The card's glance once the report is in, or why it is not. */
  const glance = (render: (report: Report) => ReactNode, needsLof = false): ReactNode => {
    if (needsLof && !hasLof)
      return (
        <GlanceMessage testId="dashboard-needs-lof">
          {t('dashboard.needs', { names: t('subscriptions.LOF') })}
        </GlanceMessage>
      );
    if (query.isError)
      return (
        <GlanceMessage testId={isNotReady(query.error) ? 'dashboard-not-ready' : 'dashboard-error'}>
          {isNotReady(query.error)
            ? t('dashboard.notReady')
            : t('states.error', { message: query.error.message })}
        </GlanceMessage>
      );
    return query.data ? render(query.data) : <GlanceLoading height={CARD_CHART_HEIGHT} />;
  };
  const chart = (model: ChartModel | undefined, testId: string, title: string) =>
    model && <ReportChart model={model} title={title} testId={testId} height={CARD_CHART_HEIGHT} />;

  return (
    <>
      <GlanceCard
        title={t('sections.length_by_material')}
        to="/reports/asset"
        linkText={t('dashboard.open.asset')}
        testId="dashboard-material"
      >
        {glance((r) =>
          chart(materialChart(ctx, r), 'dashboard-material-chart', t('sections.length_by_material')),
        )}
      </GlanceCard>
      <GlanceCard
        title={t('sections.length_by_decade')}
        to="/reports/asset"
        linkText={t('dashboard.open.asset')}
        testId="dashboard-decade"
      >
        {glance((r) =>
          chart(
            lengthSection(ctx, 'length_by_decade', 'decade', byDecade(r.results.lengthByInstallYear ?? []))
              .chart,
            'dashboard-decade-chart',
            t('sections.length_by_decade'),
          ),
        )}
      </GlanceCard>
      <GlanceCard
        title={t('sections.lof_length_absolute')}
        to="/reports/lof"
        linkText={t('dashboard.open.lof')}
        testId="dashboard-lof"
      >
        {glance(
          (r) =>
            chart(
              lofAbsoluteSection(ctx, r.results.lofLengthAbsolute ?? [], r.horizon).chart,
              'dashboard-lof-chart',
              t('sections.lof_length_absolute'),
            ),
          true,
        )}
      </GlanceCard>
      <GlanceCard
        title={t('dashboard.highest')}
        to="/reports/highest"
        linkText={t('dashboard.open.highest')}
        testId="dashboard-highest"
      >
        {glance(
          (r) => (
            <HighestPipesList ctx={ctx} rows={r.results.lofHighest ?? []} />
          ),
          true,
        )}
      </GlanceCard>
    </>
  );
}

/** Materials by length, longest first: a card has room for the story, not for every code's order. */
function materialChart(ctx: BuildContext, report: Report): ChartModel | undefined {
  const rows = [...(report.results.lengthByMaterial ?? [])].sort((a, b) => b.lengthM - a.lengthM);
  return lengthSection(ctx, 'length_by_material', 'material', rows).chart;
}
