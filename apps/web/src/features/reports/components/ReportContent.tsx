// A loaded report: its header and its sections, built from the API's answer for this reader.
import type { LofMonths } from '@pipewise/domain';
import { useMemo, type ReactNode } from 'react';
import type { Report } from '../api/get-report.ts';
import { useBuildContext } from '../hooks/use-build-context.ts';
import { reportSectionsWithCsv } from '../lib/report-sections.ts';
import type { BuildContext } from '../lib/sections/context.ts';
import type { ReportViewer } from '../lib/viewer.ts';
import { REPORT_PAGES, type ReportType } from '../report-pages.ts';
import { ReportHeader, type HeaderFact } from './ReportHeader.tsx';
import { ReportSectionView } from './ReportSectionView.tsx';
import { ShowOnMapLink } from './ShowOnMapLink.tsx';

interface Props {
  type: ReportType;
  title: string;
  report: Report;
  viewer: ReportViewer;
  horizon: LofMonths;
  actions?: ReactNode;
}

export function ReportContent({ type, title, report, viewer, horizon, actions }: Props) {
  const ctx = useBuildContext(viewer, report.currency);
  const sections = useMemo(() => reportSectionsWithCsv(ctx, ctx.csv, type, report), [ctx, type, report]);
  const { mapView } = REPORT_PAGES[type];
  return (
    <>
      <ReportHeader
        title={title}
        facts={headerFacts(ctx, type, report, horizon)}
        actions={
          <>
            {actions}
            {mapView && <ShowOnMapLink view={mapView} />}
          </>
        }
      />
      {sections.map((section) => (
        <ReportSectionView key={section.id} section={section} fileStem={report.datasetName} />
      ))}
    </>
  );
}

function headerFacts(ctx: BuildContext, type: ReportType, report: Report, horizon: LofMonths): HeaderFact[] {
  const { t, fmt } = ctx;
  const page = REPORT_PAGES[type];
  // Area rows carry COF and BRE totals when the client has them: those come from the scenario too.
  const { areaMesh = [], areaDistrict = [], areaCustomZone = [] } = report.results;
  const areaMoney = [...areaMesh, ...areaDistrict, ...areaCustomZone].some((row) => row.totalCof != null);
  const facts: HeaderFact[] = [{ id: 'dataset', label: t('header.dataset'), value: report.datasetName }];
  if (page.scenario || areaMoney) {
    facts.push({ id: 'scenario', label: t('header.scenario'), value: report.scenario.name });
  }
  // Issue 39: the LOF's source on every page drawn from it, as the COF scenario is named on those drawn from COF.
  if (report.lofSource && (page.needs.includes('LOF') || page.needs.includes('BRE'))) {
    facts.push({
      id: 'lofSource',
      label: t('header.lofSource'),
      value: t(report.lofSource === 'prior' ? 'header.lofPrior' : 'header.lofUtility'),
    });
  }
  if (page.horizon) {
    facts.push({
      id: 'horizon',
      label: t('header.horizon'),
      value: t('horizon.months', { months: fmt.count(horizon) }),
    });
  }
  facts.push(
    {
      id: 'units',
      label: t('header.units'),
      value: t('header.unitsValue', {
        length: fmt.unit.large,
        segment: fmt.unit.segment,
        diameter: fmt.unit.diameter,
        currency: fmt.currency,
      }),
    },
    { id: 'computed', label: t('header.computed'), value: fmt.date(report.computedAt) },
    { id: 'today', label: t('header.today'), value: fmt.date(new Date()) },
  );
  return facts;
}
