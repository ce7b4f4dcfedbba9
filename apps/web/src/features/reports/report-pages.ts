// The eight report pages of spec 001 §2 and what each one asks the API for (001 §7 categories, docs/api-reports.md).
// Pure and free of React so the route table can import it without pulling the report screens into its chunk.
import {
  ASSET_REPORT_CATEGORIES,
  BRE_REPORT_CATEGORIES,
  COF_REPORT_CATEGORIES,
  LOF_REPORT_CATEGORIES,
  type ReportCategory,
  type ScreenArea,
  type Subscription,
} from '@pipewise/domain';

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

export function isReportType(value: string | undefined): value is ReportType {
  return (REPORT_TYPES as readonly (string | undefined)[]).includes(value);
}

export interface ReportPageConfig {
  type: ReportType;
  /** The screen area whose code the page sends as route_type_code when it opens (001 §2, RPT-03/04). */
  area: ScreenArea;
  categories: readonly ReportCategory[];
  /** Subscriptions the page needs (001 §6); without them it says so and never calls the API. */
  needs: readonly Subscription[];
  /** Whether the figures depend on the LOF horizon (12/24/36/60 months), so the page offers a selector. */
  horizon: boolean;
  /** Whether the figures come from a COF scenario, whose name the header then shows. */
  scenario: boolean;
  /** Rows of lof_highest. */
  limit?: number;
  /**
   * The map view showing the same figure (/map/{view}). There is no deep link to one pipe yet (the map's selection
   * lives in its store, not the URL), so the Highest page links to the Highest view rather than to each pipe.
   */
  mapView?: 'material' | 'lof' | 'highest' | 'cof' | 'total-risk';
}

/** The rows the Highest page ranks: enough for a work list, few enough to print. */
export const HIGHEST_LIMIT = 100;

export const REPORT_PAGES: Record<ReportType, ReportPageConfig> = {
  asset: {
    type: 'asset',
    area: 'assetsReports',
    categories: ASSET_REPORT_CATEGORIES,
    needs: [],
    horizon: false,
    scenario: false,
    mapView: 'material',
  },
  lof: {
    type: 'lof',
    area: 'lofReports',
    categories: LOF_REPORT_CATEGORIES,
    needs: ['LOF'],
    horizon: true,
    scenario: false,
    mapView: 'lof',
  },
  highest: {
    type: 'highest',
    area: 'lofHighest',
    categories: ['lof_highest'],
    needs: ['LOF'],
    horizon: true,
    scenario: false,
    limit: HIGHEST_LIMIT,
    mapView: 'highest',
  },
  cof: {
    type: 'cof',
    area: 'cofReports',
    // Issue 38: with the pipes ranked by their COF, as Highest ranks them by LOF.
    categories: [...COF_REPORT_CATEGORIES, 'cof_highest'],
    needs: ['COF'],
    horizon: false,
    scenario: true,
    mapView: 'cof',
  },
  // BRE is LOF × COF: its figures exist only with both subscriptions (001 §6; the planner reads it the same way).
  'total-risk': {
    type: 'total-risk',
    area: 'totalRiskReports',
    categories: [...BRE_REPORT_CATEGORIES, 'bre_highest'],
    needs: ['BRE', 'COF'],
    horizon: true,
    scenario: true,
    mapView: 'total-risk',
  },
  // 001 §2's screen areas name no area report, and an area row's figure is the area's LOF (the contract gates
  // area_* by LOF): the area pages count as LOF reports.
  mesh: areaPage('mesh', 'area_mesh'),
  district: areaPage('district', 'area_district'),
  'custom-zone': areaPage('custom-zone', 'area_custom_zone'),
};

function areaPage(type: ReportType, category: ReportCategory): ReportPageConfig {
  return {
    type,
    area: 'lofReports',
    categories: [category],
    needs: ['LOF'],
    horizon: false,
    scenario: false,
  };
}
