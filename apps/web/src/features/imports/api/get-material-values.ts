// POST /api/imports/uploads/{id}/materials → every distinct value of the material column with its count and
// the suggested material code (null = not recognised; the wizard asks the user).
import type { MaterialsResponse } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type MaterialValue = Camelize<MaterialsResponse>['values'][number];

export interface MaterialsRequest {
  layer: string;
  crs?: string;
  column: string;
}

export function getMaterialValues(uploadId: string, body: MaterialsRequest): Promise<MaterialValue[]> {
  return api<Camelize<MaterialsResponse>>(
    'POST',
    `/api/imports/uploads/${encodeURIComponent(uploadId)}/materials`,
    body,
  ).then((b) => b.values);
}

export function materialValuesQueryOptions(uploadId: string, body: MaterialsRequest) {
  return queryOptions({
    queryKey: ['imports', 'materials', uploadId, body],
    queryFn: () => getMaterialValues(uploadId, body),
    staleTime: Infinity,
    retry: false,
  });
}

export function useMaterialValues(uploadId: string | null, body: MaterialsRequest | null) {
  return useQuery({
    ...materialValuesQueryOptions(uploadId ?? '', body ?? { layer: '', column: '' }),
    enabled: uploadId != null && body != null,
  });
}
