// POST /api/imports/uploads/{id}/inspect → the target fields of the chosen kind, the suggested mapping and
// sample rows (values in layer column order). suggested_mapping's keys (target fields) arrive camelCased
// (lib/case.ts): look them up with toCamel.
import type { InspectResponse as WireInspect } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import type { AssetLayer, ImportType } from './import-options.ts';

export type InspectResponse = Camelize<WireInspect>;

export interface InspectRequest {
  layer: string;
  crs?: string;
  type: ImportType;
  assetLayer?: AssetLayer;
  /** An existing target network: the answer then carries what its last import of this kind used. */
  snapshotGroupId?: number;
}

export function inspectLayer(uploadId: string, body: InspectRequest): Promise<InspectResponse> {
  return api<InspectResponse>('POST', `/api/imports/uploads/${encodeURIComponent(uploadId)}/inspect`, body);
}

export function inspectQueryOptions(uploadId: string, body: InspectRequest) {
  return queryOptions({
    queryKey: ['imports', 'inspect', uploadId, body],
    queryFn: () => inspectLayer(uploadId, body),
    staleTime: Infinity,
    retry: false,
  });
}

export function useInspectLayer(uploadId: string | null, body: InspectRequest) {
  return useQuery({ ...inspectQueryOptions(uploadId ?? '', body), enabled: uploadId != null });
}
