// Wire contract of the reports (spec 001 §2 report pages, §7 'Reports', §9 rank columns, distribution buckets and
// levels; CHECKLIST RPT-*; docs/api-reports.md). Every figure is an aggregate of the dataset's SERVED analysis (the
// last complete run), so a report, the map and the details always agree. SI on the wire: lengths in metres,
// diameters in millimetres, money in the scenario's currency (`currency`); the web converts at display.
import { z } from 'zod';
import { idField } from './ids.ts';
import { LOF_MONTHS } from '../constants/codes.ts';

// ---- categories (001 §7) ----

export const ASSET_REPORT_CATEGORIES = [
  'length_by_material',
  'length_by_diameter',
  'length_by_install_year',
  'breaks_by_material',
  'breaks_by_install_year',
  'breaks_by_decade',
] as const;
export const LOF_REPORT_CATEGORIES = [
  'lof_length_absolute',
  'lof_length_by_diameter',
  'lof_length_by_material',
  'lof_length_by_year',
  'lof_length_by_decade',
  'lof_top_risk_drivers',
] as const;
export const COF_REPORT_CATEGORIES = [
  'cof_average',
  'cof_total_average',
  'cof_average_factors',
  'cof_distribution',
  'cof_top_average',
  'cof_top_factors',
  'cof_wide_distribution',
] as const;
export const BRE_REPORT_CATEGORIES = [
  'total_risk_average',
  'total_risk_distribution',
  'total_risk_risk',
  'total_risk_top',
] as const;
/**
 * Not in 001 §7's list, which stops at the four families: the Highest page's ranked pipes and the area pages'
 * one row per mesh cell, district or custom zone (the report routes of 001 §2 need something to show).
 */
export const EXTRA_REPORT_CATEGORIES = [
  'lof_highest',
  // Issue 38: the pipes ranked by their money at stake — consequence of failure, and total risk (BRE).
  'cof_highest',
  'bre_highest',
  'area_mesh',
  'area_district',
  'area_custom_zone',
] as const;

export const REPORT_CATEGORIES = [
  ...ASSET_REPORT_CATEGORIES,
  ...LOF_REPORT_CATEGORIES,
  ...COF_REPORT_CATEGORIES,
  ...BRE_REPORT_CATEGORIES,
  ...EXTRA_REPORT_CATEGORIES,
] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export const reportCategorySchema = z.enum(REPORT_CATEGORIES);

/** The subscription a category needs (001 §6: LOF for LOF and Highest, COF for COF, BRE for total risk). */
export type ReportGate = 'none' | 'LOF' | 'COF' | 'BRE';
export function reportCategoryGate(category: ReportCategory): ReportGate {
  if ((ASSET_REPORT_CATEGORIES as readonly string[]).includes(category)) return 'none';
  if ((COF_REPORT_CATEGORIES as readonly string[]).includes(category)) return 'COF';
  if ((BRE_REPORT_CATEGORIES as readonly string[]).includes(category)) return 'BRE';
  if (category === 'cof_highest') return 'COF';
  if (category === 'bre_highest') return 'BRE';
  // LOF families, the Highest ranking and the area rows (their figure is the area's LOF).
  return 'LOF';
}

// ---- constants of 001 §9 ----

/** 001 §9: the cost distribution chart has 11 buckets, 0 % to 100 % (of the dataset's highest value, in 10 % steps). */
export const DISTRIBUTION_BUCKETS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;
/** 001 §9: levels 1–5 (low, medium low, medium high, high, very high): the "5 rank columns" of COF and BRE tables. */
export const RISK_LEVELS = [1, 2, 3, 4, 5] as const;
/** 000 §3 (MAP-TIER-06): the LOF classes' upper bounds; a pipe is in the first class whose bound exceeds its LOF. */
export const LOF_CLASS_UPPER_BOUNDS = [0.01, 0.03, 0.05, 0.1, 0.15, 0.2, 0.25, 1.01] as const;
/** 001 §9: the risk-driver list holds 5 entries. */
export const TOP_RISK_DRIVERS = 5;

// ---- query ----

const categoriesParam = z
  .string()
  .trim()
  .min(1, { message: 'validations.required' })
  .transform((s) => s.split(',').map((c) => c.trim()))
  .pipe(z.array(reportCategorySchema).min(1).max(REPORT_CATEGORIES.length));

/** The longest Highest list a request may ask for (`limit`). */
export const REPORT_HIGHEST_MAX = 1000;

/** GET /api/datasets/{id}/reports/query?categories=a,b&horizon=12&limit=100 */
export const reportQuerySchema = z.object({
  categories: categoriesParam,
  /** LOF horizon in months (LOF, Highest and total-risk families). */
  horizon: z.coerce
    .number()
    .int()
    .refine((m) => (LOF_MONTHS as readonly number[]).includes(m), { message: 'validations.horizon' })
    .default(12),
  /** Rows of lof_highest, cof_highest and bre_highest (1–REPORT_HIGHEST_MAX). */
  limit: z.coerce.number().int().min(1).max(REPORT_HIGHEST_MAX).default(100),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

// ---- rows ----

const nullableKey = z.string().nullable();
const money = z.number();

/** One group of an asset breakdown: key null = unknown (no value and none imputed). */
export const groupRowSchema = z.object({
  /** Material code, diameter tier 'd1'…'d6', install year or decade start ('1960'), as text. */
  key: nullableKey,
  pipes: z.number().int(),
  length_m: z.number(),
  /** Breaks recorded on the group's pipes (breaks_by_*; null in length_by_*). */
  breaks: z.number().int().nullable(),
  /** Breaks per 100 km per year over the recorded period (null when no period can be told). */
  breaks_per_100km_year: z.number().nullable(),
});
export type GroupRow = z.infer<typeof groupRowSchema>;

/** One group of a LOF breakdown: length in each LOF class (LOF_CLASS_UPPER_BOUNDS), and the length-weighted mean. */
export const lofGroupRowSchema = z.object({
  key: nullableKey,
  pipes: z.number().int(),
  length_m: z.number(),
  /** Metres per LOF class, 8 entries. */
  length_by_class_m: z.array(z.number()),
  /** Length-weighted mean probability of at least one break within the horizon (0–1), null without a model. */
  mean_lof: z.number().nullable(),
  /** Expected breaks within the horizon (sum of the pipes' expectations). */
  expected_breaks: z.number().nullable(),
});
export type LofGroupRow = z.infer<typeof lofGroupRowSchema>;

export const riskDriverRowSchema = z.object({
  code: z.number().int(),
  /** In the caller's language. */
  name: z.string(),
  /** Pipes whose strongest driver this is, and their length. */
  pipes: z.number().int(),
  length_m: z.number(),
});
export type RiskDriverRow = z.infer<typeof riskDriverRowSchema>;

/** 001 §9 cost codes: direct 8192, indirect 16384, total 24576, custom 2048. */
export const costCodeRowSchema = z.object({
  code: z.number().int(),
  average: money,
  total: money,
});
export type CostCodeRow = z.infer<typeof costCodeRowSchema>;

export const COF_REPORT_FACTORS = [
  'directStandard',
  'propertyDamage',
  'criticalFacilities',
  'trafficDisruption',
  'environmental',
  'noWater',
  'custom',
] as const;
export type CofReportFactor = (typeof COF_REPORT_FACTORS)[number];

export const factorRowSchema = z.object({
  factor: z.enum(COF_REPORT_FACTORS),
  average: money,
  total: money,
  /** Share of the total COF (0–1). */
  share: z.number(),
});
export type FactorRow = z.infer<typeof factorRowSchema>;

export const bucketRowSchema = z.object({
  /**
   * 0, 10, …, 100: the value's place on the scale, rounded to the nearest 10 % — on a linear scale, its share of the
   * dataset's highest (001 §9); on a log scale (values spanning 100× or more, issue 38), between the smallest
   * non-zero value and the highest.
   */
  bucket_percent: z.number().int(),
  scale: z.enum(['linear', 'log']),
  /** The money range of the bucket (inclusive lower, exclusive upper; the 100 % bucket includes its upper). */
  from: money,
  to: money,
  pipes: z.number().int(),
  length_m: z.number(),
});
export type BucketRow = z.infer<typeof bucketRowSchema>;

/** One of the 5 rank columns (levels 1–5) of a COF or BRE table. */
export const levelColumnSchema = z.object({
  level: z.number().int().min(1).max(5),
  pipes: z.number().int(),
  length_m: z.number(),
  /** Mean and sum over the level's pipes (COF for cof_*, BRE for total_risk_*). */
  average: money,
  total: money,
  /** Lowest and highest value in the level. */
  min: money,
  max: money,
});
export type LevelColumn = z.infer<typeof levelColumnSchema>;

/** cof_top_factors: per factor, the mean in each of the 5 levels. */
export const factorByLevelRowSchema = z.object({
  factor: z.enum(COF_REPORT_FACTORS),
  /** 5 entries, level 1 … 5. */
  average_by_level: z.array(money),
});
export type FactorByLevelRow = z.infer<typeof factorByLevelRowSchema>;

/** total_risk_top: per level of BRE, the means of its two factors and of BRE. */
export const riskLevelRowSchema = z.object({
  level: z.number().int().min(1).max(5),
  pipes: z.number().int(),
  length_m: z.number(),
  mean_lof: z.number().nullable(),
  mean_cof: money,
  mean_bre: money,
  total_bre: money,
});
export type RiskLevelRow = z.infer<typeof riskLevelRowSchema>;

export const highestRowSchema = z.object({
  pipe_id: z.number().int(),
  native_id: z.string().nullable(),
  material_type_code: z.number().int().nullable(),
  diameter_mm: z.number().nullable(),
  install_year: z.number().int().nullable(),
  length_m: z.number(),
  lof: z.number().nullable(),
  /** Percentile rank 0–100 within the dataset at the horizon. */
  rank: z.number().nullable(),
  breaks: z.number().int(),
  risk_driver_names: z.array(z.string()),
});
export type HighestRow = z.infer<typeof highestRowSchema>;

/**
 * A pipe of cof_highest or bre_highest (issue 38): what a planner needs beside the money — where it is, what it is,
 * and the three figures of its risk (LOF within 12 months, the horizon BRE is computed at).
 */
export const moneyHighestRowSchema = z.object({
  pipe_id: z.number().int(),
  native_id: z.string().nullable(),
  address: z.string().nullable(),
  material_type_code: z.number().int().nullable(),
  diameter_mm: z.number().nullable(),
  install_year: z.number().int().nullable(),
  length_m: z.number(),
  lof: z.number().nullable(),
  cof: money,
  bre: z.number().nullable(),
});
export type MoneyHighestRow = z.infer<typeof moneyHighestRowSchema>;

export const areaRowSchema = z.object({
  area_id: z.number().int(),
  native_id: z.string().nullable(),
  name: z.string().nullable(),
  pipes: z.number().int(),
  length_m: z.number(),
  /** Area LOF: 1 − Π(1 − lof12) of its pipes (near 100 % over any sizeable area; the pages rank by the rate). */
  lof_12: z.number().nullable(),
  /** The expected breaks of its pipes in 12 months (issue 15); null before a LOF model scored them. */
  expected_breaks_12: z.number().nullable(),
  /** Share 0–1 of its length at BRE level 4–5; null without the BRE subscription or results. */
  top_risk_share: z.number().nullable(),
  risk_driver_names: z.array(z.string()),
  /** Null without COF / BRE subscriptions or results. */
  total_cof: money.nullable(),
  total_bre: money.nullable(),
});
export type AreaRow = z.infer<typeof areaRowSchema>;

const totals = z.object({ pipes: z.number().int(), length_m: z.number(), average: money, total: money });

/** The result of each category: its rows (or one summary object). */
export const reportResultSchemas = {
  length_by_material: z.array(groupRowSchema),
  length_by_diameter: z.array(groupRowSchema),
  length_by_install_year: z.array(groupRowSchema),
  breaks_by_material: z.array(groupRowSchema),
  breaks_by_install_year: z.array(groupRowSchema),
  breaks_by_decade: z.array(groupRowSchema),
  lof_length_absolute: z.array(lofGroupRowSchema),
  lof_length_by_diameter: z.array(lofGroupRowSchema),
  lof_length_by_material: z.array(lofGroupRowSchema),
  lof_length_by_year: z.array(lofGroupRowSchema),
  lof_length_by_decade: z.array(lofGroupRowSchema),
  lof_top_risk_drivers: z.array(riskDriverRowSchema),
  cof_average: z.array(costCodeRowSchema),
  cof_total_average: totals,
  cof_average_factors: z.array(factorRowSchema),
  cof_distribution: z.array(bucketRowSchema),
  cof_top_average: z.array(levelColumnSchema),
  cof_top_factors: z.array(factorByLevelRowSchema),
  cof_wide_distribution: z.array(levelColumnSchema),
  total_risk_average: totals,
  total_risk_distribution: z.array(bucketRowSchema),
  total_risk_risk: z.array(levelColumnSchema),
  total_risk_top: z.array(riskLevelRowSchema),
  lof_highest: z.array(highestRowSchema),
  cof_highest: z.array(moneyHighestRowSchema),
  bre_highest: z.array(moneyHighestRowSchema),
  area_mesh: z.array(areaRowSchema),
  area_district: z.array(areaRowSchema),
  area_custom_zone: z.array(areaRowSchema),
} as const satisfies Record<ReportCategory, z.ZodType>;
export type ReportResults = { [K in ReportCategory]?: z.infer<(typeof reportResultSchemas)[K]> };

export const reportResponseSchema = z.object({
  dataset_id: z.number().int(),
  dataset_name: z.string(),
  analysis_id: z.number().int(),
  /** When the served analysis completed (the date a printed report carries). */
  computed_at: z.string().nullable(),
  /** The COF scenario the COF and BRE figures come from (null id: the country default). */
  scenario: z.object({ id: z.number().int().nullable(), name: z.string() }),
  /**
   * Where the LOF figures come from (issue 39): the utility's trained model, or a prior from published break rates
   * for a network without break history (the report's heading then says so); null when the analysis has no LOF.
   * Optional: answers before it had none.
   */
  lof_source: z.enum(['utility', 'prior']).nullable().optional(),
  currency: z.string(),
  horizon: z.number().int(),
  /** Japan clients (but client 47) do not see the environmental factor (001 §6); it is left out of the rows. */
  hides_environment: z.boolean(),
  results: z.object(
    Object.fromEntries(Object.entries(reportResultSchemas).map(([k, s]) => [k, s.optional()])) as {
      [K in ReportCategory]: z.ZodOptional<(typeof reportResultSchemas)[K]>;
    },
  ),
});
export type ReportResponse = z.infer<typeof reportResponseSchema>;

// ---- report route (001 §2, §7) ----

/**
 * 001 §2's screen areas, in its order; CHECKLIST RPT-04 reads them as the route_type_code values. Codes are the
 * 1-based positions (0 is left unused so a missing value is never a screen).
 */
export const SCREEN_AREAS = [
  'home',
  'data',
  'dataImport',
  'dataExport',
  'assets',
  'assetsReports',
  'lof',
  'lofHighest',
  'lofReports',
  'cofScenarios',
  'cof',
  'cofReports',
  'totalRisk',
  'totalRiskReports',
  'planner',
  'help',
  'userSettings',
  'companySettings',
] as const;
export type ScreenArea = (typeof SCREEN_AREAS)[number];
export const screenAreaCode = (area: ScreenArea): number => SCREEN_AREAS.indexOf(area) + 1;

/** POST /api/report-routes */
export const reportRouteSchema = z.object({
  route_type_code: z.number().int().min(1).max(SCREEN_AREAS.length),
  dataset_id: idField.nullable().optional(),
});
export type ReportRoute = z.infer<typeof reportRouteSchema>;
