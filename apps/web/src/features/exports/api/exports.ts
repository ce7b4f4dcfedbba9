// The export files (docs/api-exports.md): GET /api/exports (a page, the total, what may be made), POST
// /api/datasets/{id}/exports (a job makes the file), GET /api/exports/{id}/file (the download).
import type { CreateExportBody, ExportItem, ExportList } from '@pipewise/domain';
import { EXPORTS_PAGE_SIZE } from '@pipewise/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api-client.ts';
import { downloadBlob } from '../../../lib/download.ts';

export const EXPORTS_KEY = ['exports', 'list'] as const;
/** While a file is being made the list is asked again this often, so its row turns into a download. */
const POLL_MS = 2_000;

const busy = (list: ExportList | undefined) =>
  list?.items.some((i) => i.status === 'queued' || i.status === 'running') ?? false;

/** One page (0-based, as MUI's TablePagination counts) of 25. */
export function useExports(page: number) {
  return useQuery({
    queryKey: [...EXPORTS_KEY, page],
    queryFn: () => api<ExportList>('GET', `/api/exports?page=${page + 1}&pageSize=${EXPORTS_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (busy(query.state.data) ? POLL_MS : false),
  });
}

export function useCreateExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ datasetId, body }: { datasetId: number; body: CreateExportBody }) =>
      api<ExportItem>('POST', `/api/datasets/${datasetId}/exports`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
}

/** A plain link cannot carry the bearer token: the file is fetched as a Blob and handed to the browser. */
export async function downloadExport(id: number): Promise<void> {
  const { blob, filename } = await apiBlob(`/api/exports/${id}/file`);
  downloadBlob(blob, filename ?? `pipewise-export-${id}`);
}

/** POST /api/exports/{id}/email: the server mails the caller a link to the file; answers the recipient. */
export function emailExport(id: number): Promise<{ email: string }> {
  return api<{ email: string }>('POST', `/api/exports/${id}/email`);
}

/** DELETE /api/exports/{id}: the file's maker or an administrator; the list is asked again. */
export function useDeleteExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>('DELETE', `/api/exports/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: EXPORTS_KEY }),
  });
}
