// The virtual-pipes calls (docs/api-virtual-pipes.md), camelCased by the api client. Under the 'lof' root
// (ANALYSIS_QUERY_ROOTS of features/datasets): the imputed values and likelihoods belong to the served analysis,
// so the table is dropped with the other results when a new analysis completes.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { VIRTUAL_PIPES_PAGE_SIZE, type VirtualAttribute } from '@pipewise/domain';
import { api } from '../../lib/api-client.ts';
import { DATASET_STATUS_KEY } from '../datasets/index.ts';

export interface VirtualAttributeValue {
  status: number;
  value: number | null;
  provided: number | null;
  imputed: number | null;
  likelihood: number | null;
}

export interface VirtualPipeRow {
  id: number;
  nativePipeId: string;
  address: string | null;
  /** In the drawn sampling test; with a value recorded in the field. */
  sampled: boolean;
  verified: boolean;
  diameter: VirtualAttributeValue;
  installYear: VirtualAttributeValue;
  materialTypeCode: VirtualAttributeValue;
}

export interface VirtualPipePage {
  virtualPipes: VirtualPipeRow[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  phase: number;
}

export interface AttributeAccuracy {
  verified: number;
  correct: number;
  accuracy: number | null;
  ciLow: number | null;
  ciHigh: number | null;
}

/** The camelCased row key of each virtual attribute. */
export type AttributeKey = 'diameter' | 'installYear' | 'materialTypeCode';

export interface SamplingTest {
  phase: number;
  sample: {
    seed: number;
    size: number;
    drawnAt: string;
    pipeIds: number[];
    verified: number;
    /** Sampled pipes with no field value: the merge needs 0, or an administrator's override. */
    unverified: number;
  } | null;
  accuracy: Record<AttributeKey, AttributeAccuracy>;
  /** What a merge would write now, per attribute, and the pipes it changes. */
  mergePreview: Record<AttributeKey | 'pipes', number>;
  mergeOverride: {
    userId: number;
    userEmail: string;
    at: string;
    unverified: number;
    sampleSize: number;
    reason: string;
  } | null;
}

export interface BulkResult {
  updated: number;
  /** Pipes whose value changed; 0: nothing did (no analysis queued). */
  changed: number;
  analysisQueued: boolean;
}

export interface MergeResult {
  phase: number;
  merged: number;
  analysisQueued: boolean;
  unverified: number;
}

export interface VirtualPipeQuery {
  page: number;
  /** A sort key of the wire (`id`, `diameter`…), `-` first for descending. */
  orderBy: string;
  attribute?: VirtualAttribute | undefined;
  status?: number | undefined;
  /** Only the pipes of the drawn sample. */
  sample?: boolean | undefined;
  /** The pipe's id, or part of its pipe id or address. */
  search?: string | undefined;
}

export type BulkEdit =
  | { action: 'override'; attribute: VirtualAttribute; value: number; pipeIds: number[] }
  | { action: 'restore'; attribute: VirtualAttribute; pipeIds: number[] };

const base = (datasetId: number) => `/api/datasets/${datasetId}/virtual_pipes`;
export const virtualPipesKey = (datasetId: number) => ['lof', 'virtual-pipes', datasetId] as const;

export function useVirtualPipes(datasetId: number, q: VirtualPipeQuery) {
  const params = new URLSearchParams({
    page: String(q.page),
    page_size: String(VIRTUAL_PIPES_PAGE_SIZE),
    order_by: q.orderBy,
  });
  if (q.attribute) params.set('attribute', q.attribute);
  if (q.status !== undefined) params.set('status', String(q.status));
  if (q.sample) params.set('sample', 'true');
  if (q.search) params.set('search', q.search);
  return useQuery({
    queryKey: [...virtualPipesKey(datasetId), 'page', params.toString()],
    queryFn: () => api<VirtualPipePage>('GET', `${base(datasetId)}?${params.toString()}`),
    // The old page stays on screen while the next one loads: no flash of an empty table when paging.
    placeholderData: keepPreviousData,
  });
}

/**
 * The table page of one pipe under the table's sort and page size, filters cleared (GET …/pipe_pages): opening the
 * table from a pipe's details. `null`: the pipe has no virtual attribute.
 */
export function usePipePage(datasetId: number, pipeId: number | null, orderBy: string) {
  const params = new URLSearchParams({
    pipe_ids: String(pipeId),
    page_size: String(VIRTUAL_PIPES_PAGE_SIZE),
    order_by: orderBy,
  });
  return useQuery({
    queryKey: [...virtualPipesKey(datasetId), 'pipe-page', params.toString()],
    queryFn: async () =>
      (
        await api<{ pages: { pipeId: number; page: number | null }[] }>(
          'GET',
          `${base(datasetId)}/pipe_pages?${params.toString()}`,
        )
      ).pages[0]?.page ?? null,
    enabled: pipeId !== null,
  });
}

export function useSamplingTest(datasetId: number) {
  return useQuery({
    queryKey: [...virtualPipesKey(datasetId), 'sampling-test'],
    queryFn: () => api<SamplingTest>('GET', `${base(datasetId)}/sampling_test`),
  });
}

/** Every write changes the table, the phase and (bulk, merge) queues an analysis: refetch all of them. */
function useVirtualPipesMutation<V, R = unknown>(datasetId: number, fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: virtualPipesKey(datasetId) }),
        client.invalidateQueries({ queryKey: DATASET_STATUS_KEY }),
      ]),
  });
}

export const useBulkEdit = (datasetId: number) =>
  useVirtualPipesMutation(datasetId, (edit: BulkEdit) =>
    api<BulkResult>('POST', `${base(datasetId)}/bulk`, edit),
  );

export const useDrawSample = (datasetId: number) =>
  useVirtualPipesMutation(datasetId, (size: number) =>
    api<SamplingTest>('POST', `${base(datasetId)}/sampling_test`, { size }),
  );

/** A field check of the selected pipes: `value` found in the field, or (absent) the value in use confirmed. */
export interface Verify {
  attribute: VirtualAttribute;
  value?: number | undefined;
  pipeIds: number[];
}

/** Field values for the selected pipes (phase FINALIZED): one attribute, one value (or a confirmation) each. */
export const useVerify = (datasetId: number) =>
  useVirtualPipesMutation(datasetId, (v: Verify) =>
    api('POST', `${base(datasetId)}/verified_pipes`, {
      verifications: v.pipeIds.map((pipeId) =>
        v.value === undefined
          ? { pipeId, attribute: v.attribute }
          : { pipeId, attribute: v.attribute, value: v.value },
      ),
    }),
  );

/** The merge; `reason`: an administrator's override of unverified sampled pipes (recorded by the server). */
export const useMerge = (datasetId: number) =>
  useVirtualPipesMutation(datasetId, (reason: string | undefined) =>
    api<MergeResult>(
      'POST',
      `${base(datasetId)}/merge`,
      reason === undefined ? undefined : { override: { reason } },
    ),
  );

export interface VirtualPipeDetail extends VirtualPipeRow {
  /** Per attribute, the model's probability of each category (null: the attribute was not imputed). */
  likelihoods: Record<AttributeKey, Record<string, number> | null>;
}

/** GET …/virtual_pipes/{pipeId}: asked only when the user opens a pipe's likelihoods. */
export function useVirtualPipeDetail(datasetId: number, pipeId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...virtualPipesKey(datasetId), 'detail', pipeId],
    queryFn: () => api<VirtualPipeDetail>('GET', `${base(datasetId)}/${pipeId}`),
    enabled,
  });
}
