// The served analysis beyond single pipes (spec 000 §3 VIS record and areas, §7 vis details, intersecting assets,
// area detail; 001 §7 LOF/COF/BRE assessments and entries; docs/api-assets.md). A missing assessment and a
// missing subscription answer the same 404 code: the web shows one 'no … assessment found' toast for both.
import type {
  AreaDetail,
  AreaList,
  AssessmentEntry,
  AssessmentKind,
  Assessment,
  IntersectingRequest,
  ModelCard,
  VisRecord,
} from '@pipewise/domain';
import type { AuthUser, Deps } from '../../deps.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { affectedAssets } from './affected-assets.ts';
import { breOf, cofOf } from './asset-view.ts';
import { valveRefs } from './assets.repository.ts';
import * as repo from './results.repository.ts';
import { assertPolygon, inDataset, type Scope } from './scope.ts';
import { columnDriversOf, driverNameFields, gatesOf, geoJson, iso, type Gates } from './viewer.ts';

const NO_ASSESSMENT = {
  lof: ['NO_LOF_ASSESSMENT', 'No LOF assessment found for this dataset.'],
  cof: ['NO_COF_ASSESSMENT', 'No COF assessment found for this dataset.'],
  bre: ['NO_BRE_ASSESSMENT', 'No BRE assessment found for this dataset.'],
} as const;
const noAssessment = (kind: AssessmentKind) => {
  const [code, message] = NO_ASSESSMENT[kind];
  return new AppError(404, code, message);
};

export const getVis = (deps: Deps, me: AuthUser, datasetId: number, segmentId: number) =>
  inDataset(deps, me, datasetId, async ({ tx, dataset, viewer }): Promise<VisRecord> => {
    const gates = gatesOf(viewer);
    if (!gates.vis) throw forbidden('Valve isolation segments need the VIS subscription.');
    const analysisId = dataset.analysis?.id;
    const found = analysisId === undefined ? undefined : await repo.findSegment(tx, analysisId, segmentId);
    if (analysisId === undefined || !found) throw notFound('Valve isolation segment not found.');
    const s = found.segment;
    const valves = (ids: number[] | null) => valveRefs(tx, dataset.id, ids);
    const pipeList = await repo.segmentPipes(tx, {
      datasetId: dataset.id,
      analysisId,
      segmentId,
      limit: repo.SEGMENT_PIPE_LIST_LIMIT,
    });
    const perKm12 = s.expectedBreaksPerKm?.['12'];
    return {
      id: s.segmentId,
      install_year: s.installYear,
      breaks: s.breaks,
      pipes: s.pipes,
      valves: s.valves,
      pipes_agg_len: s.lengthM,
      population: gates.population ? s.population : null,
      projected_population: gates.population ? s.projectedPopulation : null,
      lof: gates.lof ? s.lof : null,
      expected_breaks_per_km: gates.lof ? s.expectedBreaksPerKm : null,
      expected_breaks_12: gates.lof && perKm12 != null ? (perKm12 * s.lengthM) / 1000 : null,
      top_risk_share:
        gates.bre === 'open'
          ? await repo.segmentTopRiskShare(tx, { datasetId: dataset.id, analysisId, segmentId })
          : null,
      valve_list: await valves(s.valveIds),
      valves_to_close: await valves(s.valvesToClose),
      inoperable_valves: await valves(s.inoperableValveIds),
      pipe_list: pipeList.pipes,
      pipe_list_truncated: pipeList.truncated,
      geometry: geoJson(found.geometry),
    } satisfies Required<VisRecord>;
  });

export const intersectingAssets = (deps: Deps, me: AuthUser, datasetId: number, body: IntersectingRequest) =>
  inDataset(deps, me, datasetId, async (scope) => {
    await assertPolygon(scope, body.wktpoly, 'wktpoly');
    const id_list = await repo.intersecting(scope.tx, {
      datasetId,
      analysisId: scope.dataset.analysis?.id ?? null,
      layer: body.active_pipe_layer,
      wkt: body.wktpoly,
    });
    return { id_list };
  });

export const getArea = (
  deps: Deps,
  me: AuthUser,
  datasetId: number,
  kind: AreaDetail['kind'],
  nativeId: string,
) =>
  inDataset(deps, me, datasetId, async ({ tx, dataset, viewer }): Promise<AreaDetail> => {
    const analysisId = dataset.analysis?.id ?? null;
    const a = await repo.findArea(tx, { datasetId, analysisId, kind, nativeId });
    if (!a) throw new AppError(404, 'AREA_NOT_FOUND', `No ${kind} with id ${nativeId} in this dataset.`);
    const gates = gatesOf(viewer);
    const drivers = gates.lof ? (a.result?.riskDrivers ?? null) : null;
    return {
      id: a.id,
      native_id: a.nativeId,
      name: a.name,
      kind,
      ...areaFigures(a.result, gates),
      risk_drivers: drivers,
      ...driverNameFields(drivers, viewer.language, columnDriversOf(dataset.analysis?.lofCard)),
      pipes: a.result?.pipes ?? null,
      length: a.result?.lengthM ?? null,
      geometry: geoJson(a.geometry),
    };
  });

export const listAreas = (deps: Deps, me: AuthUser, datasetId: number, kind: AreaDetail['kind']) =>
  inDataset(deps, me, datasetId, async ({ tx, dataset, viewer }): Promise<AreaList> => {
    const rows = await repo.listAreas(tx, { datasetId, analysisId: dataset.analysis?.id ?? null, kind });
    const gates = gatesOf(viewer);
    return {
      areas: rows.map((a) => ({
        id: a.id,
        native_id: a.nativeId,
        name: a.name,
        kind,
        ...areaFigures(a.lengthM === null ? null : { ...a, lengthM: a.lengthM }, gates),
        pipes: a.pipes ?? null,
        length: a.lengthM ?? null,
      })),
    };
  });

interface StoredArea {
  lengthM: number;
  lof12: number | null;
  expectedBreaks12: number | null;
  topRiskLengthM: number | null;
}

/**
 * An area's risk figures as its viewer may see them: the probability and the expected breaks with LOF, the share of
 * its length in the top risk tiers with BRE (and COF) open, as BRE values are everywhere. All null without results.
 */
function areaFigures(r: StoredArea | null | undefined, gates: Gates) {
  const lengthM = r?.lengthM ?? 0;
  const expected = gates.lof ? (r?.expectedBreaks12 ?? null) : null;
  const top = gates.bre === 'open' ? (r?.topRiskLengthM ?? null) : null;
  return {
    lof_12: gates.lof ? (r?.lof12 ?? null) : null,
    expected_breaks_12: expected,
    expected_breaks_per_km_year: expected !== null && lengthM > 0 ? expected / (lengthM / 1000) : null,
    top_risk_share: top !== null && lengthM > 0 ? top / lengthM : null,
  };
}

/**
 * The served analysis, if it holds this kind of assessment and the client may see it. A run on a dataset without
 * a usable break record has no LOF model (its card says why, see the model card): no LOF assessment then.
 */
function assessed({ dataset, viewer }: Scope, kind: AssessmentKind) {
  const a = dataset.analysis;
  const gates = gatesOf(viewer);
  const ok =
    kind === 'lof'
      ? gates.lof && a?.lofCard != null && a.lofCard['unavailable'] === undefined
      : a?.cofSummary != null && (kind === 'cof' ? gates.cof : gates.bre === 'open');
  if (!a || !ok) throw noAssessment(kind);
  return a;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const nums = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : null);

export const getAssessment = (deps: Deps, me: AuthUser, datasetId: number, kind: AssessmentKind) =>
  inDataset(deps, me, datasetId, async (scope): Promise<Assessment> => {
    const a = assessed(scope, kind);
    const totals = await repo.resultTotals(scope.tx, a.id);
    const base = {
      id: a.id,
      dataset_id: a.datasetId,
      kind,
      created_at: iso(a.createdAt)!,
      finished_at: iso(a.finishedAt),
    };
    if (kind === 'lof') {
      const card = a.lofCard ?? {};
      return {
        ...base,
        method: str(card['method']),
        project_lof: num(card['projectLof']),
        scored_as_of: str(card['scoredAsOf']),
        trained_through: str(card['trainedThrough']),
        pipes: totals.lofPipes,
      };
    }
    const summary = a.cofSummary ?? {};
    // The scenario the figures were computed under: id null is the country default, which the web names in the
    // user's language (issue 38: the cost model in use is named everywhere).
    const common = {
      scenario_id: a.cofScenarioId ?? null,
      scenario_name: str(summary['scenarioName']),
      currency: str(summary['currency']),
    };
    if (kind === 'cof') {
      return {
        ...base,
        ...common,
        method: str(summary['calculation']),
        level_breaks: nums(summary['levelBreaks']),
        total: totals.cofTotal ?? null,
        pipes: totals.cofPipes,
      };
    }
    if (totals.brePipes === 0) throw noAssessment('bre');
    return {
      ...base,
      ...common,
      method: 'BRE = LOF (12 months) × COF',
      level_breaks: nums(summary['breLevelBreaks']),
      total: totals.breTotal ?? null,
      pipes: totals.brePipes,
    };
  });

export const getAssessmentEntry = (
  deps: Deps,
  me: AuthUser,
  datasetId: number,
  kind: AssessmentKind,
  pipeId: number,
) =>
  inDataset(deps, me, datasetId, async (scope): Promise<AssessmentEntry> => {
    const a = assessed(scope, kind);
    const found = await repo.findEntry(scope.tx, { datasetId, analysisId: a.id, pipeId });
    if (!found) throw notFound('Pipe not found in this assessment.');
    const r = found.result;
    const entry = { assessment_id: a.id, pipe_id: r.pipeId, native_pipe_id: found.nativePipeId };
    if (kind === 'cof') {
      const found =
        r.segmentId === null ? undefined : await repo.segmentIsolation(scope.tx, a.id, r.segmentId);
      const segment = found ? { ...found, segmentId: r.segmentId } : null;
      const affected = await affectedAssets(scope.tx, { datasetId, analysisId: a.id }, segment);
      return { ...entry, cof: cofOf(r, affected) };
    }
    const gates = gatesOf(scope.viewer);
    if (kind === 'bre')
      return { ...entry, bre: { ...breOf(r, gates)!, lof_12: r.lof12, cof_total: r.cofTotal } };
    const byHorizon = (v: Record<string, number | null>) =>
      Object.fromEntries(Object.entries(v).filter((e): e is [string, number] => e[1] !== null));
    const drivers = r.riskDrivers ?? [];
    return {
      ...entry,
      lof: {
        lof: byHorizon({ '12': r.lof12, '24': r.lof24, '36': r.lof36, '60': r.lof60 }),
        lof_absolute: r.lofAbsolute ?? {},
        cum_breaks: r.cumBreaks ?? {},
        rank: byHorizon({ '12': r.rank12, '24': r.rank24, '36': r.rank36, '60': r.rank60 }),
        risk_drivers: drivers,
        risk_driver_names: Object.values(
          driverNameFields(drivers, scope.viewer.language, columnDriversOf(scope.dataset.analysis?.lofCard)),
        ).filter((n): n is string => n !== null),
        rul: gates.rul ? r.rul : null,
      },
    };
  });

/**
 * The served run's card. A run without a LOF model (no break history) still has one: its reason, the imputation,
 * segments and COF (issue 15: the dialog said "No analysis has completed yet" for a complete run without breaks).
 * 404 only when nothing is served; the LOF part needs the LOF subscription.
 */
export const getModelCard = (deps: Deps, me: AuthUser, datasetId: number) =>
  inDataset(deps, me, datasetId, async (scope): Promise<ModelCard> => {
    const a = scope.dataset.analysis;
    if (!a) throw noAssessment('lof');
    return {
      analysis_id: a.id,
      finished_at: iso(a.finishedAt),
      lof_card: gatesOf(scope.viewer).lof ? a.lofCard : null,
      impute_summary: a.imputeSummary,
      vis_summary: a.visSummary,
      cof_summary: gatesOf(scope.viewer).cof ? a.cofSummary : null,
      timings: a.timings,
      edits_since_analysis: scope.dataset.editsSinceAnalysis,
    };
  });
