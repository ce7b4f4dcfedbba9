// Reports of the served analysis (spec 001 §2, §7, §9; CHECKLIST RPT-*; docs/api-reports.md). Rules: the caller's
// tenant sees its own datasets only (404 otherwise); each category needs its subscription (403 naming it); a
// dataset without a completed analysis has nothing to report (409). Any logged-in user may read reports and log
// the screen they opened, demo accounts included: neither changes the client's data.
import {
  ASSET_REPORT_CATEGORIES,
  BRE_REPORT_CATEGORIES,
  COF_REPORT_CATEGORIES,
  LOF_REPORT_CATEGORIES,
  currencyForCountry,
  hidesJapanItems,
  reportCategoryGate,
  type LofMonths,
  type ReportCategory,
  type ReportResponse,
  type ReportResults,
  type ReportRoute,
} from '@pipewise/domain';
import { withTenant } from '../../db/database.ts';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { datasetNotFound, inDataset } from '../assets/scope.ts';
import { columnDriversOf, gatesOf, iso, type Gates } from '../assets/viewer.ts';
import { answerCategories } from './report-summaries.ts';
import * as repo from './reports.repository.ts';

export const REPORT_FAMILIES = {
  asset: ASSET_REPORT_CATEGORIES,
  lof: LOF_REPORT_CATEGORIES,
  cof: COF_REPORT_CATEGORIES,
  'total-risk': BRE_REPORT_CATEGORIES,
} as const satisfies Record<string, readonly ReportCategory[]>;
export type ReportFamily = keyof typeof REPORT_FAMILIES;

export interface ReportRequest {
  categories: readonly ReportCategory[];
  horizon: number;
  limit: number;
}

/** The subscriptions a category lacks for this viewer: BRE figures need BRE and COF (spec 001 §6). */
function missingSubscriptions(category: ReportCategory, gates: Gates): string[] {
  const gate = reportCategoryGate(category);
  switch (gate) {
    case 'none':
      return [];
    case 'LOF':
      return gates.lof ? [] : ['LOF'];
    case 'COF':
      return gates.cof ? [] : ['COF'];
    case 'BRE':
      return [...(gates.bre === 'open' ? [] : ['BRE']), ...(gates.cof ? [] : ['COF'])];
  }
}

function assertSubscribed(categories: readonly ReportCategory[], gates: Gates): void {
  for (const category of categories) {
    const missing = missingSubscriptions(category, gates);
    if (missing.length > 0) {
      const names = missing.join(' and ');
      throw forbidden(
        `The ${category} report needs the ${names} subscription${missing.length > 1 ? 's' : ''}.`,
      );
    }
  }
}

export const noAnalysis = () =>
  new AppError(
    409,
    'CONFLICT',
    'This dataset has no completed analysis yet: its reports come with the first one.',
  );

/** The LOF's source by its card: a prior's says `prior: true` (issue 39), one without a model `unavailable`. */
export function lofSourceOf(card: Record<string, unknown> | null | undefined): 'utility' | 'prior' | null {
  if (card == null || card['unavailable'] !== undefined) return null;
  return card['prior'] === true ? 'prior' : 'utility';
}

export const queryReports = (deps: Deps, me: AuthUser, datasetId: number, q: ReportRequest) =>
  inDataset(deps, me, datasetId, async ({ tx, dataset, viewer }): Promise<ReportResponse> => {
    const gates = gatesOf(viewer);
    const categories = [...new Set(q.categories)];
    assertSubscribed(categories, gates);
    const analysis = dataset.analysis;
    if (!analysis) throw noAnalysis();
    const heading = await repo.reportHeading(tx, {
      datasetId: dataset.id,
      clientId: me.clientId,
      scenarioId: analysis.cofScenarioId,
    });
    const hidesEnvironment = hidesJapanItems({ clientId: me.clientId, country: heading.country });
    // Money is in the currency the COF stage priced it in (its summary records it); before a COF stage ever
    // recorded one, the client country's.
    const recorded = analysis.cofSummary?.['currency'];
    const currency = typeof recorded === 'string' ? recorded : currencyForCountry(heading.country);
    const ctx = {
      datasetId: dataset.id,
      analysisId: analysis.id,
      horizon: q.horizon as LofMonths,
      limit: q.limit,
      language: viewer.language,
      gates,
      hidesEnvironment,
      columnDrivers: columnDriversOf(analysis.lofCard),
    };
    const target = { clientId: me.clientId, datasetId: dataset.id, analysisId: analysis.id };
    const results = await answerCategories(tx, target, ctx, categories);
    return {
      dataset_id: dataset.id,
      dataset_name: heading.datasetName,
      analysis_id: analysis.id,
      computed_at: iso(analysis.finishedAt),
      scenario: heading.scenario ?? { id: null, name: `Default (${currency})` },
      lof_source: lofSourceOf(analysis.lofCard),
      currency,
      horizon: q.horizon,
      hides_environment: hidesEnvironment,
      results: results as ReportResults,
    };
  });

export const familyReport = (
  deps: Deps,
  me: AuthUser,
  datasetId: number,
  family: ReportFamily,
  q: Omit<ReportRequest, 'categories'>,
) => queryReports(deps, me, datasetId, { ...q, categories: REPORT_FAMILIES[family] });

/** Logs which screen the caller opened (001 §2/§7). A dataset id must be one the caller can see. */
export const logReportRoute = (deps: Deps, me: AuthUser, body: ReportRoute) =>
  withTenant(deps.database.db, me.clientId, async (tx) => {
    const datasetId = body.dataset_id ?? null;
    if (datasetId !== null && !(await repo.datasetVisible(tx, datasetId))) throw datasetNotFound();
    await repo.insertRouteEvent(tx, {
      clientId: me.clientId,
      userId: me.id,
      routeTypeCode: body.route_type_code,
      datasetId,
    });
  });
