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

export interface SamplingTest {
  phase: number;
  sample: { seed: number; size: number; drawnAt: string; pipeIds: number[]; verified: number } | null;
  accuracy: Record<'diameter' | 'installYear' | 'materialTypeCode', AttributeAccuracy>;
}

export interface VirtualPipeQuery {
  page: number;
  /** A sort key of the wire (`id`, `diameter`…), `-` first for descending. */
  orderBy: string;
  attribute?: VirtualAttribute | undefined;
  status?: number | undefined;
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
function useVirtualPipesMutation<V>(datasetId: number, fn: (vars: V) => Promise<unknown>) {
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
  useVirtualPipesMutation(datasetId, (edit: BulkEdit) => api('POST', `${base(datasetId)}/bulk`, edit));

export const useDrawSample = (datasetId: number) =>
  useVirtualPipesMutation(datasetId, (size: number) =>
    api<SamplingTest>('POST', `${base(datasetId)}/sampling_test`, { size }),
  );

/** Field values for the selected pipes (phase FINALIZED): one attribute, one value each. */
export const useVerify = (datasetId: number) =>
  useVirtualPipesMutation(datasetId, (v: { attribute: VirtualAttribute; value: number; pipeIds: number[] }) =>
    api('POST', `${base(datasetId)}/verified_pipes`, {
      verifications: v.pipeIds.map((pipeId) => ({ pipeId, attribute: v.attribute, value: v.value })),
    }),
  );

export const useMerge = (datasetId: number) =>
  useVirtualPipesMutation(datasetId, () => api('POST', `${base(datasetId)}/merge`));

export interface VirtualPipeDetail extends VirtualPipeRow {
  /** Per attribute, the model's probability of each category (null: the attribute was not imputed). */
  likelihoods: Record<keyof Omit<VirtualPipeRow, 'id' | 'nativePipeId'>, Record<string, number> | null>;
}

/** GET …/virtual_pipes/{pipeId}: asked only when the user opens a pipe's likelihoods. */
export function useVirtualPipeDetail(datasetId: number, pipeId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...virtualPipesKey(datasetId), 'detail', pipeId],
    queryFn: () => api<VirtualPipeDetail>('GET', `${base(datasetId)}/${pipeId}`),
    enabled,
  });
}
