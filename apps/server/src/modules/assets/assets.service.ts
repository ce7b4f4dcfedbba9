// Pipes of a dataset: search, detail, list and the user's corrections (spec 000 §3 Pipe, §7; 001 §7 PATCH
// assets; docs/api-assets.md). An edit stores the override and, in the same transaction, re-scores the pipe with the
// served model (rescore-pipe.ts); with an analysis under way it waits for that run's swap, never cancelling it
// (pending-edits.ts); where re-scoring cannot answer (marking abandoned, no model…) it queues a re-analysis whose job
// is sent after the commit (analysis-queue.ts). The answer says which (AssetPatchAnswer.edit).
import { can } from '@pipewise/domain';
import type {
  Asset,
  AssetEditOutcome,
  AssetList,
  AssetListQuery,
  AssetPatch,
  AssetPatchAnswer,
  AssetSortKey,
} from '@pipewise/domain';
import type { AuthUser, Deps } from '../../deps.ts';
import { assertNotDemo, forbidden, notFound } from '../../lib/errors.ts';
import { queueAnalysis, sendAnalysis, type AnalysisJobData } from '../analysis/analysis-queue.ts';
import { reverseGeocode } from '../geocode/reverse-geocoder.ts';
import { affectedAssets } from './affected-assets.ts';
import { activeRun, nextEditSeq, rescorePendingEdits, stampEdit } from './pending-edits.ts';
import { findServedDataset } from './viewer.repository.ts';
import { toApiAsset, toApiAssetRow } from './asset-view.ts';
import * as repo from './assets.repository.ts';
import { assertPolygon, inDataset, type Scope } from './scope.ts';
import { columnDriversOf, gatesOf, type Gates } from './viewer.ts';

export const SEARCH_LIMIT = 20;
const pipeNotFound = () => notFound('Pipe not found.');

export const searchAssets = (deps: Deps, me: AuthUser, datasetId: number, q: string) =>
  inDataset(deps, me, datasetId, ({ tx }) => repo.searchPipes(tx, datasetId, q, SEARCH_LIMIT));

async function loadAsset({ tx, dataset, viewer }: Scope, pipeId: number): Promise<Asset> {
  const rec = await repo.findAsset(tx, dataset.id, pipeId);
  if (!rec) throw pipeNotFound();
  const analysis = dataset.analysis;
  const segment = analysis ? rec.segment : null;
  return toApiAsset(
    rec,
    {
      analysis: analysis
        ? {
            id: analysis.id,
            finishedAt: analysis.finishedAt,
            columnDrivers: columnDriversOf(analysis.lofCard),
          }
        : null,
      relatedValves: await repo.valveRefs(tx, dataset.id, segment?.valvesToClose ?? null),
      affected: analysis
        ? await affectedAssets(
            tx,
            { datasetId: dataset.id, analysisId: analysis.id },
            rec.result && segment ? { ...segment, segmentId: rec.result.segmentId } : null,
          )
        : { pipes: [], pipesTotal: 0, valves: [] },
      visValves: await repo.valveRefs(tx, dataset.id, segment?.valveIds ?? null),
    },
    viewer,
  );
}

export async function getAsset(deps: Deps, me: AuthUser, datasetId: number, pipeId: number): Promise<Asset> {
  const { asset, language } = await inDataset(deps, me, datasetId, async (scope) => ({
    asset: await loadAsset(scope, pipeId),
    language: scope.viewer.language,
  }));
  return withAddress(deps, asset, language);
}

/**
 * DET-PIPE-10: a pipe without an address of its own gets one by reverse geocoding its first coordinate in the
 * user's language, when a reverse geocoder is configured. Outside the transaction: a slow geocoder holds no
 * connection.
 */
async function withAddress(deps: Deps, asset: Asset, language: string): Promise<Asset> {
  const template = deps.config.reverseGeocoderUrl;
  const first = asset.geometry.coordinates[0]?.[0];
  if (asset.address || !template || !first) return asset;
  const address = await reverseGeocode(template, [first[0]!, first[1]!], language, { log: deps.log });
  return address ? { ...asset, address } : asset;
}

/** Sorting by a figure the client may not see would leak its order. */
function assertMaySortBy(key: AssetSortKey, gates: Gates): void {
  const open = key.startsWith('lof_') || key.startsWith('rank_') ? gates.lof : true;
  const allowed = key === 'cof_total' ? gates.cof : key === 'bre' ? gates.bre === 'open' : open;
  if (!allowed) throw forbidden(`Sorting by ${key} needs a subscription this client does not have.`);
}

export const listAssets = (deps: Deps, me: AuthUser, datasetId: number, q: AssetListQuery) =>
  inDataset(deps, me, datasetId, async (scope): Promise<AssetList> => {
    const gates = gatesOf(scope.viewer);
    const sort = (q.sort ?? ['id']).map((term) => ({
      key: term.replace(/^-/, '') as AssetSortKey,
      desc: term.startsWith('-'),
    }));
    for (const { key } of sort) assertMaySortBy(key, gates);
    if (q.polygon !== undefined) await assertPolygon(scope, q.polygon, 'polygon');
    const { rows, total } = await repo.listAssets(scope.tx, {
      datasetId,
      polygonWkt: q.polygon,
      ids: q.ids,
      sort,
      limit: q.limit,
      offset: q.offset,
    });
    return { assets: rows.map((r) => toApiAssetRow(r, gates)), total };
  });

const OVERRIDE_KEYS = {
  install_year: 'installYear',
  material_type_code: 'materialTypeCode',
  diameter: 'diameterMm',
} as const satisfies Record<string, repo.OverrideKey>;

/**
 * Workers and administrators (editPipes); attribute overrides also need VP (virtual-pipe editing), marking a
 * pipe abandoned does not. Demo accounts are read-only first, whatever their role.
 */
export async function patchAsset(
  deps: Deps,
  me: AuthUser,
  datasetId: number,
  pipeId: number,
  body: AssetPatch,
): Promise<AssetPatchAnswer> {
  assertNotDemo(me);
  if (!can(me, 'editPipes')) throw forbidden('Only workers and administrators can edit pipes.');
  const { asset, job, edit, language } = await inDataset(deps, me, datasetId, async (scope) => {
    if (body.abandoned === undefined && !scope.viewer.subscriptions.includes('VP')) {
      throw forbidden('Editing pipe attributes needs the VP (virtual pipes) subscription.');
    }
    // The dataset row first: edits, swaps and failed runs of the dataset take their turns (pending-edits.ts).
    const seq = await nextEditSeq(scope.tx, datasetId);
    let found: boolean;
    if (body.abandoned !== undefined) {
      found = await repo.setAbandoned(scope.tx, datasetId, pipeId, body.abandoned);
    } else {
      const field = (Object.keys(OVERRIDE_KEYS) as (keyof typeof OVERRIDE_KEYS)[]).find(
        (k) => body[k] !== undefined,
      )!;
      found = await repo.setOverride(scope.tx, datasetId, pipeId, OVERRIDE_KEYS[field], body[field] ?? null);
    }
    if (!found || seq === null) throw pipeNotFound();
    await stampEdit(scope.tx, datasetId, pipeId, seq);
    const { edit, job } = await settleEdit(deps, me, scope, pipeId);
    // A re-scored pipe is read from the served run the edit just updated.
    const scoped =
      edit.analysis === 'rescored'
        ? { ...scope, dataset: (await findServedDataset(scope.tx, datasetId))! }
        : scope;
    return { asset: await loadAsset(scoped, pipeId), job, edit, language: scope.viewer.language };
  });
  // The edit is committed: a queue failure must not read as a failed edit. The analysis row stays queued
  // and the orphan sweep sends it (analysis-worker.ts resumeOrphans).
  if (job)
    await sendAnalysis(deps.jobs, job).catch((err: unknown) =>
      deps.log.error({ err, analysisId: job.analysisId }, 'could not send the analysis job'),
    );
  // The answer replaces the details the web shows: the same address as GET (the cache answers at once).
  return { ...(await withAddress(deps, asset, language)), edit };
}

/**
 * What the stored edit does to the results. A run under way is never cancelled: it reads the edit with its inputs
 * or re-scores it at its swap ('pending_run'). Otherwise the served run re-scores its pending edits, this one among
 * them ('rescored'); where one cannot be, a whole analysis is queued ('queued'), which reads them all.
 */
async function settleEdit(
  deps: Deps,
  me: AuthUser,
  { tx, dataset }: Scope,
  pipeId: number,
): Promise<{ edit: AssetEditOutcome; job: AnalysisJobData | null }> {
  const datasetId = dataset.id;
  const running = await activeRun(tx, datasetId);
  if (running) {
    deps.log.info(
      { datasetId, pipeId, analysisId: running.id },
      'pipe edit: waits for the analysis under way',
    );
    return { edit: { analysis: 'pending_run', reason: null }, job: null };
  }
  const { fallbacks } = await rescorePendingEdits(tx, datasetId, dataset.analysis?.id ?? null);
  if (fallbacks.length === 0) return { edit: { analysis: 'rescored', reason: null }, job: null };
  // This pipe's reason if it has one, else the first other edit's.
  const why = fallbacks.find((f) => f.pipeId === pipeId) ?? fallbacks[0]!;
  deps.log.info({ datasetId, pipeId, why: why.why, pipes: fallbacks.length }, 'pipe edit: full analysis');
  const job = await queueAnalysis(tx, {
    clientId: me.clientId,
    datasetId,
    reason: 'override',
    userId: me.id,
  });
  return { edit: { analysis: 'queued', reason: why.code }, job };
}
