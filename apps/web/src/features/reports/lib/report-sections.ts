// Which sections each report page shows, in order, built from one API answer. Pure: the page lays them out.
import type { Report } from '../api/get-report.ts';
import type { ReportType } from '../report-pages.ts';
import type { ReportSection } from './section.ts';
import { areaSection } from './sections/area.ts';
import { breaksSection, lengthSection } from './sections/asset.ts';
import { costCodeSection, factorsByLevelSection, factorsSection, totalsSection } from './sections/cof.ts';
import { withinMonths, type BuildContext } from './sections/context.ts';
import { distributionSection } from './sections/distribution.ts';
import { highestSection } from './sections/highest.ts';
import { levelColumnsSection, riskTopSection } from './sections/levels.ts';
import { lofAbsoluteSection, lofGroupSection, riskDriversSection } from './sections/lof.ts';
import { moneyHighestSection } from './sections/money-highest.ts';

/**
 * The sections as shown, each table carrying its CSV cells: the same builders run again with the spreadsheet
 * formatter, so the file and the screen cannot disagree on what a row is.
 */
export function reportSectionsWithCsv(
  ctx: BuildContext,
  csv: BuildContext['fmt'],
  type: ReportType,
  report: Report,
): ReportSection[] {
  const raw = reportSections({ ...ctx, fmt: csv }, type, report);
  return reportSections(ctx, type, report).map((section, i) => ({
    ...section,
    table: { ...section.table, csvRows: raw[i]!.table.rows },
  }));
}

export function reportSections(ctx: BuildContext, type: ReportType, report: Report): ReportSection[] {
  const r = report.results;
  const months = report.horizon;
  const hidesEnv = report.hidesEnvironment;
  switch (type) {
    case 'asset':
      return [
        lengthSection(ctx, 'length_by_material', 'material', r.lengthByMaterial ?? []),
        lengthSection(ctx, 'length_by_diameter', 'diameter', r.lengthByDiameter ?? []),
        lengthSection(ctx, 'length_by_install_year', 'year', r.lengthByInstallYear ?? []),
        breaksSection(ctx, 'breaks_by_material', 'material', r.breaksByMaterial ?? []),
        breaksSection(ctx, 'breaks_by_install_year', 'year', r.breaksByInstallYear ?? []),
        breaksSection(ctx, 'breaks_by_decade', 'decade', r.breaksByDecade ?? []),
      ];
    case 'lof':
      return [
        lofAbsoluteSection(ctx, r.lofLengthAbsolute ?? [], months),
        lofGroupSection(ctx, 'lof_length_by_diameter', 'diameter', r.lofLengthByDiameter ?? [], months),
        lofGroupSection(ctx, 'lof_length_by_material', 'material', r.lofLengthByMaterial ?? [], months),
        lofGroupSection(ctx, 'lof_length_by_decade', 'decade', r.lofLengthByDecade ?? [], months),
        lofGroupSection(ctx, 'lof_length_by_year', 'year', r.lofLengthByYear ?? [], months),
        riskDriversSection(ctx, r.lofTopRiskDrivers ?? [], months),
      ];
    case 'highest':
      return [highestSection(ctx, r.lofHighest ?? [], months)];
    case 'cof':
      return [
        totalsSection(ctx, 'cof_total_average', r.cofTotalAverage),
        costCodeSection(ctx, r.cofAverage ?? []),
        factorsSection(ctx, r.cofAverageFactors ?? [], hidesEnv),
        distributionSection(ctx, 'cof_distribution', r.cofDistribution ?? []),
        levelColumnsSection(ctx, 'cof_top_average', r.cofTopAverage ?? [], 'average'),
        factorsByLevelSection(ctx, r.cofTopFactors ?? [], hidesEnv),
        levelColumnsSection(ctx, 'cof_wide_distribution', r.cofWideDistribution ?? [], 'length'),
        moneyHighestSection(ctx, 'cof_highest', r.cofHighest ?? []),
      ];
    case 'total-risk': {
      const within = withinMonths(ctx, months);
      return [
        totalsSection(ctx, 'total_risk_average', r.totalRiskAverage, within),
        distributionSection(ctx, 'total_risk_distribution', r.totalRiskDistribution ?? [], within),
        levelColumnsSection(ctx, 'total_risk_risk', r.totalRiskRisk ?? [], 'total', within),
        riskTopSection(ctx, r.totalRiskTop ?? [], within),
        moneyHighestSection(ctx, 'bre_highest', r.breHighest ?? []),
      ];
    }
    case 'mesh':
      return [areaSection(ctx, 'mesh', r.areaMesh ?? [])];
    case 'district':
      return [areaSection(ctx, 'district', r.areaDistrict ?? [])];
    case 'custom-zone':
      return [areaSection(ctx, 'customZone', r.areaCustomZone ?? [])];
  }
}
