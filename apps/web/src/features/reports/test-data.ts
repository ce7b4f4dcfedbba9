// Report answers as GET …/reports/query sends them (snake_case, SI units), for tests. Each builder gives a small,
// plausible dataset; overrides replace whole categories.
import type { ReportCategory, ReportResponse } from '@pipewise/domain';
import type { ReportUser } from './lib/viewer.ts';

type Results = ReportResponse['results'];

const group = (key: string | null, pipes: number, length_m: number, breaks: number | null = null) => ({
  key,
  pipes,
  length_m,
  breaks,
  breaks_per_100km_year: breaks === null ? null : 10,
});

const lofGroup = (key: string | null, length_m: number) => ({
  key,
  pipes: 10,
  length_m,
  // 8 LOF classes; most of the length in the lowest.
  length_by_class_m: [
    length_m * 0.5,
    length_m * 0.2,
    length_m * 0.1,
    length_m * 0.1,
    length_m * 0.05,
    0,
    0,
    length_m * 0.05,
  ],
  mean_lof: 0.042,
  expected_breaks: 3.4,
});

const level = (level: number) => ({
  level,
  pipes: 10 * level,
  length_m: 1000 * level,
  average: 1500 * level,
  total: 15000 * level * level,
  min: 1000 * level,
  max: 2000 * level,
});

export const FULL_RESULTS: Results = {
  length_by_material: [group('2', 120, 1500), group('0', 80, 2500), group(null, 3, 100)],
  length_by_diameter: [group('d1', 50, 1000), group('d3', 40, 3000)],
  length_by_install_year: [group('1965', 10, 500), group('1972', 12, 700), group('1988', 5, 300)],
  breaks_by_material: [group('2', 120, 1500, 4), group('0', 80, 2500, 12)],
  breaks_by_install_year: [group('1965', 10, 500, 3)],
  breaks_by_decade: [group('1960', 10, 500, 3), group('1970', 12, 700, 1)],
  lof_length_absolute: [lofGroup(null, 4000)],
  lof_length_by_diameter: [lofGroup('d1', 1000), lofGroup('d3', 3000)],
  lof_length_by_material: [lofGroup('2', 1500), lofGroup('0', 2500)],
  lof_length_by_year: [lofGroup('1965', 500)],
  lof_length_by_decade: [lofGroup('1960', 500)],
  lof_top_risk_drivers: [
    { code: 1, name: 'Age', pipes: 40, length_m: 2000 },
    { code: 2, name: 'Previous breaks', pipes: 12, length_m: 800 },
  ],
  cof_average: [
    { code: 8192, average: 1200, total: 120000 },
    { code: 16384, average: 800, total: 80000 },
    { code: 24576, average: 2000, total: 200000 },
  ],
  cof_total_average: { pipes: 100, length_m: 4000, average: 2000, total: 200000 },
  cof_average_factors: [
    { factor: 'directStandard', average: 1200, total: 120000, share: 0.6 },
    { factor: 'noWater', average: 600, total: 60000, share: 0.3 },
    { factor: 'environmental', average: 200, total: 20000, share: 0.1 },
  ],
  cof_distribution: [
    { bucket_percent: 0, from: 0, to: 500, pipes: 60, length_m: 2000, scale: 'linear' },
    { bucket_percent: 10, from: 500, to: 1000, pipes: 30, length_m: 1500, scale: 'linear' },
    { bucket_percent: 100, from: 9500, to: 10000, pipes: 1, length_m: 50, scale: 'linear' },
  ],
  cof_top_average: [1, 2, 3, 4, 5].map(level),
  cof_top_factors: [
    { factor: 'directStandard', average_by_level: [100, 200, 300, 400, 500] },
    { factor: 'environmental', average_by_level: [10, 20, 30, 40, 50] },
  ],
  cof_wide_distribution: [1, 2, 3, 4, 5].map(level),
  total_risk_average: { pipes: 100, length_m: 4000, average: 90, total: 9000 },
  total_risk_distribution: [{ bucket_percent: 0, from: 0, to: 10, pipes: 90, length_m: 3500, scale: 'log' }],
  total_risk_risk: [1, 2, 3, 4, 5].map(level),
  total_risk_top: [1, 2, 3, 4, 5].map((l) => ({
    level: l,
    pipes: l * 10,
    length_m: l * 1000,
    mean_lof: 0.01 * l,
    mean_cof: 1000 * l,
    mean_bre: 10 * l,
    total_bre: 100 * l,
  })),
  lof_highest: [
    {
      pipe_id: 41,
      native_id: 'P-41',
      material_type_code: 0,
      diameter_mm: 152.4,
      install_year: 1931,
      length_m: 304.8,
      lof: 0.31,
      rank: 0.1,
      breaks: 4,
      risk_driver_names: ['Age', 'Previous breaks'],
    },
  ],
  cof_highest: [
    {
      pipe_id: 52,
      native_id: 'P-52',
      address: '100 8th Ave',
      material_type_code: 0,
      diameter_mm: 609.6,
      install_year: 1958,
      length_m: 500,
      lof: 0.02,
      cof: 18_900_000,
      bre: 378_000,
    },
  ],
  bre_highest: [
    {
      pipe_id: 41,
      native_id: 'P-41',
      address: null,
      material_type_code: 0,
      diameter_mm: 152.4,
      install_year: 1931,
      length_m: 304.8,
      lof: 0.31,
      cof: 40_000,
      bre: 12_400,
    },
  ],
  area_mesh: [
    {
      area_id: 1,
      native_id: 'M-1',
      name: null,
      pipes: 12,
      length_m: 2500,
      lof_12: 0.2,
      expected_breaks_12: 0.22,
      top_risk_share: 0.4,
      risk_driver_names: ['Age'],
      total_cof: 5000,
      total_bre: 500,
    },
  ],
  area_district: [],
  area_custom_zone: [],
};

/** The answer for these categories (only those results, as the API sends them). */
export function reportResponse(
  categories: readonly ReportCategory[],
  overrides: Partial<ReportResponse> & { results?: Results } = {},
): ReportResponse {
  const results = Object.fromEntries(
    categories.map((c) => [c, (overrides.results ?? FULL_RESULTS)[c] ?? FULL_RESULTS[c]]),
  ) as Results;
  return {
    dataset_id: 3,
    dataset_name: 'Springfield mains',
    analysis_id: 9,
    computed_at: '2026-03-02T10:00:00Z',
    scenario: { id: null, name: 'Default (US)' },
    currency: 'USD',
    horizon: 12,
    hides_environment: false,
    ...overrides,
    results,
  };
}

const US_UNITS = { segment: 'ft', diameter: 'in', segmentLarge: 'mi' } as const;
const METRIC_UNITS = { segment: 'm', diameter: 'mm', segmentLarge: 'km' } as const;

/** A reader (the shape of the session's CurrentUser the route passes): US units and every report subscription. */
export function reportUser(
  overrides: { metric?: boolean; subscriptions?: ReportUser['subscriptions']; currencyCode?: string } = {},
): ReportUser {
  return {
    subscriptions: overrides.subscriptions ?? ['LOF', 'COF', 'BRE'],
    timeZone: 'UTC',
    client: { id: 1 },
    units: {
      user: overrides.metric ? METRIC_UNITS : US_UNITS,
      currencyCode: overrides.currencyCode ?? 'USD',
    },
  };
}
