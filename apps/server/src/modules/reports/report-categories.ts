// Which query answers each report category (packages/domain api/reports.ts). Categories that read the same pass
// share it through ReportRun.once: a page asking for its whole family costs one or two scans, not one per category.
import type { ReportCategory, ReportResults } from '@pipewise/domain';
import { areaReport } from './area-reports.ts';
import { groupReport } from './asset-reports.ts';
import { sql } from 'drizzle-orm';
import { breLevelColumns, breTop, breTotals } from './bre-reports.ts';
import {
  cofAverage,
  cofAverageFactors,
  cofLevelColumns,
  cofTopFactors,
  cofTotalAverage,
} from './cof-reports.ts';
import { highestLof, highestMoney, type StoredHighestRow } from './highest-report.ts';
import { distribution } from './level-reports.ts';
import { lofGroupReport, topRiskDrivers, type StoredRiskDriverRow } from './lof-reports.ts';
import type { ReportRun } from './report-context.ts';

/**
 * What a query answers: the wire rows, except where the answer depends on who reads it — the Highest list and the
 * top drivers keep driver codes, named when presented (report-summaries.ts).
 */
export interface StoredAnswers extends Omit<Required<ReportResults>, 'lof_highest' | 'lof_top_risk_drivers'> {
  lof_highest: StoredHighestRow[];
  lof_top_risk_drivers: StoredRiskDriverRow[];
}
type Answer<K extends ReportCategory> = (run: ReportRun) => Promise<StoredAnswers[K]>;

export const CATEGORY_QUERIES: { [K in ReportCategory]: Answer<K> } = {
  length_by_material: (run) => groupReport(run, 'length_by_material'),
  length_by_diameter: (run) => groupReport(run, 'length_by_diameter'),
  length_by_install_year: (run) => groupReport(run, 'length_by_install_year'),
  breaks_by_material: (run) => groupReport(run, 'breaks_by_material'),
  breaks_by_install_year: (run) => groupReport(run, 'breaks_by_install_year'),
  breaks_by_decade: (run) => groupReport(run, 'breaks_by_decade'),

  lof_length_absolute: (run) => lofGroupReport(run, 'lof_length_absolute'),
  lof_length_by_diameter: (run) => lofGroupReport(run, 'lof_length_by_diameter'),
  lof_length_by_material: (run) => lofGroupReport(run, 'lof_length_by_material'),
  lof_length_by_year: (run) => lofGroupReport(run, 'lof_length_by_year'),
  lof_length_by_decade: (run) => lofGroupReport(run, 'lof_length_by_decade'),
  lof_top_risk_drivers: topRiskDrivers,

  cof_average: cofAverage,
  cof_total_average: cofTotalAverage,
  cof_average_factors: cofAverageFactors,
  cof_distribution: (run) => distribution(run, sql`pr.cof_total`),
  // The table of the 5 rank columns: cof_top_average reads its means, cof_wide_distribution its pipes and metres
  // per level (the spread of the network over the levels). One pass serves both.
  cof_top_average: cofLevelColumns,
  cof_top_factors: cofTopFactors,
  cof_wide_distribution: cofLevelColumns,

  total_risk_average: breTotals,
  total_risk_distribution: (run) => distribution(run, sql`pr.bre`),
  total_risk_risk: breLevelColumns,
  total_risk_top: breTop,

  lof_highest: highestLof,
  cof_highest: (run) => highestMoney(run, 'cof'),
  bre_highest: (run) => highestMoney(run, 'bre'),
  area_mesh: (run) => areaReport(run, 'mesh'),
  area_district: (run) => areaReport(run, 'district'),
  area_custom_zone: (run) => areaReport(run, 'custom_zone'),
};
