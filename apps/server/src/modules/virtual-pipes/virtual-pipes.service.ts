// Virtual pipes of a dataset (spec 001 §2, §3, §7; docs/api-virtual-pipes.md): the paged table, one pipe's
// likelihood maps, and bulk override/restore. Reads are open to every user of the client; a bulk edit needs
// editPipes (workers, administrators) and the VP subscription, like PATCH assets.
//
// A bulk edit stores the overrides and queues ONE re-analysis for the batch instead of re-scoring each pipe in
// place (assets/rescore-pipe.ts): each in-place re-score rewrites its segment, its areas' aggregates and a tile
// revision, so N of them in one request would cost N× that work and N tile revisions, while one analysis re-reads
// every override once (the same path a single edit takes when re-scoring cannot answer). Until it completes, the
// statuses and displayed values are already the edited ones (they derive from pipes.overrides).
import { VIRTUAL_ATTRIBUTES } from '@pipewise/domain';
import type {
  VirtualPipeBulk,
  VirtualPipeBulkResult,
  VirtualPipeDetail,
  VirtualPipeList,
  VirtualPipeListQuery,
  VirtualPipePages,
  VirtualPipePagesQuery,
  VirtualPipeRow,
  VirtualAttribute,
  VirtualPipeSortKey,
} from '@pipewise/domain';
import type { AuthUser, Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { queueAnalysis, sendAnalysis } from '../analysis/analysis-queue.ts';
import { inDataset } from '../assets/scope.ts';
import { assertMayEdit, assertVp, yearBinOf } from './edit-gate.ts';
import { readState, type VirtualPipeState } from './phase.repository.ts';
import * as repo from './virtual-pipes.repository.ts';

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/**
 * The category label of a value in the model's likelihood map, as the engine labels them (impute/evaluate.ts): the
 * material code, the diameter to a tenth of a millimetre (a float4 column and a typed value then agree), the start
 * of its bin for install year (impute/categories.ts).
 */
export function categoryOf(a: VirtualAttribute, v: number, yearBin: number): string {
  if (a === 'install_year') return String(Math.floor(v / yearBin) * yearBin);
  return a === 'diameter' ? String(Math.round(v * 10) / 10) : String(v);
}

/** The likelihood of the imputed value: its category's entry in the model's map. */
function likelihoodOf(map: unknown, a: VirtualAttribute, imputed: number | null, yearBin: number) {
  if (imputed === null || !map || typeof map !== 'object') return null;
  return num((map as Record<string, unknown>)[categoryOf(a, imputed, yearBin)]);
}

/** The drawn sample and the pipes with a field value, to mark a row's `sampled` and `verified`. */
export interface SampleMarks {
  sampled: ReadonlySet<number>;
  verified: ReadonlySet<number>;
}
const NO_MARKS: SampleMarks = { sampled: new Set(), verified: new Set() };

export function marksOf(state: VirtualPipeState): SampleMarks {
  return {
    sampled: new Set(state.sample?.pipeIds ?? []),
    verified: new Set(Object.keys(state.verified ?? {}).map(Number)),
  };
}

export function toRow(r: repo.VirtualPipeRecord, yearBin: number, marks = NO_MARKS): VirtualPipeRow {
  const attr = (a: VirtualAttribute) => {
    const imputed = num(r[`${a}_imputed`]);
    return {
      status: Number(r[`${a}_status`]),
      value: num(r[`${a}_value`]),
      provided: num(r[`${a}_provided`]),
      imputed,
      likelihood: likelihoodOf(r[`${a}_likelihood`], a, imputed, yearBin),
    };
  };
  const id = Number(r['id']);
  return {
    id,
    native_pipe_id: String(r['native_pipe_id']),
    address: r['address'] === null || r['address'] === undefined ? null : String(r['address']),
    sampled: marks.sampled.has(id),
    verified: marks.verified.has(id),
    diameter: attr('diameter'),
    install_year: attr('install_year'),
    material_type_code: attr('material_type_code'),
  };
}

const likelihoodMap = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, number>) : null);

const sortOf = (orderBy: string) => ({
  key: orderBy.replace(/^-/, '') as VirtualPipeSortKey,
  desc: orderBy.startsWith('-'),
});

/** The table's filters: attribute and status, the drawn sample only, the search (issue 38). */
const filterOf = (
  datasetId: number,
  q: Omit<VirtualPipeListQuery, 'page' | 'page_size'>,
  state: VirtualPipeState,
  yearBin: number,
) => ({
  datasetId,
  attribute: q.attribute,
  status: q.status,
  onlyIds: q.sample ? (state.sample?.pipeIds ?? []) : undefined,
  search: q.search || undefined,
  yearBin,
  sort: sortOf(q.order_by),
});

export const listVirtualPipes = (deps: Deps, me: AuthUser, datasetId: number, q: VirtualPipeListQuery) =>
  inDataset(deps, me, datasetId, async ({ tx, dataset }): Promise<VirtualPipeList> => {
    const yearBin = yearBinOf(dataset.analysis?.imputeSummary);
    const { phase, state } = await readState(tx, datasetId);
    const { rows, total } = await repo.listVirtualPipes(tx, {
      ...filterOf(datasetId, q, state, yearBin),
      limit: q.page_size,
      offset: (q.page - 1) * q.page_size,
    });
    const marks = marksOf(state);
    return {
      virtual_pipes: rows.map((r) => toRow(r, yearBin, marks)),
      page: q.page,
      page_size: q.page_size,
      total,
      total_pages: Math.ceil(total / q.page_size),
      phase,
    };
  });

export const pipePages = (deps: Deps, me: AuthUser, datasetId: number, q: VirtualPipePagesQuery) =>
  inDataset(deps, me, datasetId, async ({ tx, dataset }): Promise<VirtualPipePages> => {
    const { state } = await readState(tx, datasetId);
    const filter = filterOf(datasetId, q, state, yearBinOf(dataset.analysis?.imputeSummary));
    const positions = await repo.positionsOf(tx, filter, q.pipe_ids);
    return {
      pages: q.pipe_ids.map((id) => {
        const position = positions.get(id);
        return { pipe_id: id, page: position === undefined ? null : Math.ceil(position / q.page_size) };
      }),
    };
  });

/** A pipe whose attributes are all provided is not a virtual pipe: 404 like an unknown id. */
export const getVirtualPipe = (deps: Deps, me: AuthUser, datasetId: number, pipeId: number) =>
  inDataset(deps, me, datasetId, async ({ tx, dataset }): Promise<VirtualPipeDetail> => {
    const rec = await repo.findVirtualPipe(tx, datasetId, pipeId);
    const { state } = await readState(tx, datasetId);
    const row = rec && toRow(rec, yearBinOf(dataset.analysis?.imputeSummary), marksOf(state));
    if (!rec || !row || VIRTUAL_ATTRIBUTES.every((a) => row[a].status === 0)) {
      throw notFound('Virtual pipe not found.');
    }
    return {
      ...row,
      likelihoods: {
        diameter: likelihoodMap(rec['diameter_likelihood']),
        install_year: likelihoodMap(rec['install_year_likelihood']),
        material_type_code: likelihoodMap(rec['material_type_code_likelihood']),
      },
    };
  });

/** All or nothing: an id not in the dataset rolls the whole batch back with 404. */
export async function bulkVirtualPipes(
  deps: Deps,
  me: AuthUser,
  datasetId: number,
  body: VirtualPipeBulk,
): Promise<VirtualPipeBulkResult> {
  assertMayEdit(me);
  const ids = [...new Set(body.pipe_ids)];
  const result = await inDataset(deps, me, datasetId, async ({ tx, viewer }) => {
    assertVp(viewer);
    const value = body.action === 'override' ? body.value : null;
    const before = await repo.overridesOf(tx, datasetId, ids, body.attribute);
    const missing = ids.filter((id) => !before.has(id));
    if (missing.length) throw notFound(`Pipes not found: ${missing.slice(0, 10).join(', ')}.`);
    // A restore of a value never overridden, or the value already there, changes nothing: said so, no analysis.
    const changed = ids.filter((id) => {
      const old = before.get(id) ?? null;
      return value === null ? old !== null : old === null || Math.abs(old - value) > 1e-6;
    });
    if (!changed.length) return { changed: 0, job: null };
    await repo.setOverrides(tx, datasetId, changed, body.attribute, value);
    const job = await queueAnalysis(tx, {
      clientId: me.clientId,
      datasetId,
      reason: 'override',
      userId: me.id,
    });
    return { changed: changed.length, job };
  });
  const { job } = result;
  // Committed: a queue failure must not read as a failed edit (as in assets.service.ts patchAsset).
  if (job) {
    await sendAnalysis(deps.jobs, job).catch((err: unknown) =>
      deps.log.error({ err, analysisId: job.analysisId }, 'could not send the analysis job'),
    );
  }
  return { updated: ids.length, changed: result.changed, analysis_queued: job !== null };
}
