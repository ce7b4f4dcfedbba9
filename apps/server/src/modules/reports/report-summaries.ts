// Report answers kept per analysis (table report_summaries). An analysis never changes once written, so a category's
// answer is aggregated once — by the worker when the run ends, or by the first request that asks — and every page
// view after reads one small row instead of scanning the analysis' 100k result rows (issue 13: p95 < 300 ms per
// category on PGlite too). What is stored is the answer in neutral terms; each request presents it in its viewer's:
// driver names in their language, Japan's environmental row hidden, the Highest list cut to the asked length.
import {
  ASSET_REPORT_CATEGORIES,
  BRE_REPORT_CATEGORIES,
  COF_REPORT_CATEGORIES,
  EXPOSURE_DRIVER_CODES,
  LOF_REPORT_CATEGORIES,
  REPORT_HIGHEST_MAX,
  type FactorByLevelRow,
  type FactorRow,
  type LofMonths,
  type ReportCategory,
  type RiskDriverRow,
} from '@pipewise/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { reportSummaries } from '../../db/schema-analysis.ts';
import { presentHighest, type StoredHighestRow } from './highest-report.ts';
import type { StoredRiskDriverRow } from './lof-reports.ts';
import { CATEGORY_QUERIES } from './report-categories.ts';
import { driverName, reportRun, type ReportContext } from './report-context.ts';

/**
 * Answered live on every request: the area pages read area_results, already one row per area, and show the columns
 * of the viewer's subscriptions.
 */
const LIVE: ReadonlySet<ReportCategory> = new Set(['area_mesh', 'area_district', 'area_custom_zone']);

/** The categories whose answer the LOF horizon changes (total_risk_top shows each level's mean LOF). */
const BY_HORIZON: ReadonlySet<ReportCategory> = new Set([
  'lof_length_absolute',
  'lof_length_by_diameter',
  'lof_length_by_material',
  'lof_length_by_year',
  'lof_length_by_decade',
  'lof_highest',
  'total_risk_top',
]);

/** What a COF re-run leaves as it was: it re-prices the same pipes, imputation and LOF (copy-results.ts). */
export const COF_FREE_CATEGORIES: readonly ReportCategory[] = [
  ...ASSET_REPORT_CATEGORIES,
  ...LOF_REPORT_CATEGORIES,
  'lof_highest',
];

const horizonKey = (category: ReportCategory, horizon: LofMonths) => (BY_HORIZON.has(category) ? horizon : 0);

/**
 * The context answers are stored in: the whole Highest list and every factor, whoever asks. (The language only
 * names drivers, which presenting renames; the gates only shape the live area pages.)
 */
const storedContext = (ctx: ReportContext): ReportContext => ({
  ...ctx,
  limit: REPORT_HIGHEST_MAX,
  hidesEnvironment: false,
});

/**
 * 001 §6: Japan clients (but client 47) do not see the environmental factor, so its row is left out. Its money is
 * still in cof_total, the cost codes' indirect and every total and share: the cost exists, the row is hidden.
 */
const visibleFactors = <T extends { factor: string }>(rows: readonly T[], ctx: ReportContext): T[] =>
  rows.filter((r) => !(ctx.hidesEnvironment && r.factor === 'environmental'));

/** How a stored answer is shown to a viewer, for the categories whose answer depends on who asks. */
const PRESENT: Partial<Record<ReportCategory, (stored: unknown, ctx: ReportContext) => unknown>> = {
  lof_highest: (stored, ctx) => presentHighest(stored as StoredHighestRow[], ctx),
  cof_highest: (stored, ctx) => (stored as unknown[]).slice(0, ctx.limit),
  bre_highest: (stored, ctx) => (stored as unknown[]).slice(0, ctx.limit),
  lof_top_risk_drivers: (stored, ctx) =>
    (stored as StoredRiskDriverRow[]).map((r): RiskDriverRow => ({
      ...r,
      name: driverName(r.code, ctx.language, ctx.columnDrivers),
    })),
  cof_average_factors: (stored, ctx) => visibleFactors(stored as FactorRow[], ctx),
  cof_top_factors: (stored, ctx) => visibleFactors(stored as FactorByLevelRow[], ctx),
};

/**
 * Stored answers of an older shape, made again on the next request: distributions before issue 38 carried no scale
 * (they were linear whatever the values' span), and the top drivers counted length.
 */
const OUTDATED: Partial<Record<ReportCategory, (stored: unknown) => boolean>> = {
  cof_distribution: (stored) => !(stored as { scale?: string }[])[0]?.scale,
  total_risk_distribution: (stored) => !(stored as { scale?: string }[])[0]?.scale,
  // Counted with length (exposure) as a driver, before issue 38.
  lof_top_risk_drivers: (stored) =>
    (stored as StoredRiskDriverRow[]).some((r) => EXPOSURE_DRIVER_CODES.includes(r.code)),
};

const present = (category: ReportCategory, stored: unknown, ctx: ReportContext): unknown =>
  PRESENT[category]?.(stored, ctx) ?? stored;

interface Target {
  clientId: number;
  datasetId: number;
  analysisId: number;
}

/**
 * Stored answers of the asked categories, computing (and keeping) those not stored yet in one run, so categories
 * that share a pass still share it. Another request storing the same answer meanwhile is no conflict: both are the
 * same aggregate of the same rows.
 */
async function storedAnswers(
  tx: Db,
  target: Target,
  ctx: ReportContext,
  categories: readonly ReportCategory[],
): Promise<Map<ReportCategory, unknown>> {
  const kept = categories.filter((c) => !LIVE.has(c));
  const answers = new Map<ReportCategory, unknown>();
  if (kept.length === 0) return answers;
  const rows = await tx
    .select({
      category: reportSummaries.category,
      horizon: reportSummaries.horizon,
      rows: reportSummaries.rows,
    })
    .from(reportSummaries)
    .where(and(eq(reportSummaries.analysisId, target.analysisId), inArray(reportSummaries.category, kept)));
  const stale: ReportCategory[] = [];
  for (const r of rows) {
    const category = r.category as ReportCategory;
    if (r.horizon !== horizonKey(category, ctx.horizon)) continue;
    if (OUTDATED[category]?.(r.rows)) stale.push(category);
    else answers.set(category, r.rows);
  }
  const missing = kept.filter((c) => !answers.has(c));
  if (missing.length === 0) return answers;
  if (stale.length > 0)
    await tx
      .delete(reportSummaries)
      .where(
        and(eq(reportSummaries.analysisId, target.analysisId), inArray(reportSummaries.category, stale)),
      );
  const run = reportRun(tx, storedContext(ctx), missing);
  const computed: (typeof reportSummaries.$inferInsert)[] = [];
  for (const category of missing) {
    const answer = await CATEGORY_QUERIES[category](run);
    answers.set(category, answer);
    computed.push({ ...target, category, horizon: horizonKey(category, ctx.horizon), rows: answer });
  }
  await tx.insert(reportSummaries).values(computed).onConflictDoNothing();
  return answers;
}

/** Each asked category's answer for the request's viewer: stored ones presented, area pages live. */
export async function answerCategories(
  tx: Db,
  target: Target,
  ctx: ReportContext,
  categories: readonly ReportCategory[],
): Promise<Record<string, unknown>> {
  const stored = await storedAnswers(tx, target, ctx, categories);
  const liveRun = reportRun(tx, ctx, categories);
  const results: Record<string, unknown> = {};
  // One after another: they share the transaction (one connection).
  for (const category of categories) {
    results[category] = stored.has(category)
      ? present(category, stored.get(category), ctx)
      : await CATEGORY_QUERIES[category](liveRun);
  }
  return results;
}

/**
 * The worker's part at the end of a run (before it is served): every stored category at the pages' default horizon,
 * a family per transaction so that requests on the embedded database's one connection get their turn between them.
 * The other horizons are stored by their first ask.
 */
export async function summariseAnalysis(
  tenant: <T>(fn: (tx: Db) => Promise<T>) => Promise<T>,
  target: Target,
  /** The share of the families stored (the analysis' progress). */
  onProgress?: (fraction: number) => void,
): Promise<void> {
  const ctx: ReportContext = {
    datasetId: target.datasetId,
    analysisId: target.analysisId,
    horizon: 12,
    limit: REPORT_HIGHEST_MAX,
    language: 'en',
    gates: { lof: true, rul: true, population: true, cof: true, bre: 'open', vis: true },
    hidesEnvironment: false,
  };
  const batches: ReportCategory[][] = [
    // One scan: the asset and LOF breakdowns share the group pass.
    [...ASSET_REPORT_CATEGORIES, ...LOF_REPORT_CATEGORIES],
    [...COF_REPORT_CATEGORIES],
    [...BRE_REPORT_CATEGORIES],
    ['lof_highest', 'cof_highest', 'bre_highest'],
  ];
  for (const [i, batch] of batches.entries()) {
    await tenant((tx) => storedAnswers(tx, target, ctx, batch));
    onProgress?.((i + 1) / batches.length);
  }
}

/**
 * A COF re-run's answers that do not depend on the prices, copied from the analysis it re-prices (every horizon
 * stored there), in the transaction that writes its results.
 */
export async function copyCofFreeSummaries(tx: Db, from: number, to: number): Promise<void> {
  const categories = sql.join(
    COF_FREE_CATEGORIES.map((c) => sql`${c}`),
    sql`, `,
  );
  await tx.execute(sql`
    INSERT INTO report_summaries (analysis_id, client_id, dataset_id, category, horizon, rows)
    SELECT ${to}, client_id, dataset_id, category, horizon, rows FROM report_summaries
    WHERE analysis_id = ${from} AND category IN (${categories})
    ON CONFLICT DO NOTHING`);
}
