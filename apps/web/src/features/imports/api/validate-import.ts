// POST /api/imports/uploads/{id}/validate ImportOptions → ValidationReport. Writes nothing.
import type { ValidationReport as WireReport } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { importOptionsBody, type ImportOptions } from './import-options.ts';

export type ValidationReport = Camelize<WireReport>;

export function validateImport(uploadId: string, options: ImportOptions): Promise<ValidationReport> {
  return api<ValidationReport>(
    'POST',
    `/api/imports/uploads/${encodeURIComponent(uploadId)}/validate`,
    importOptionsBody(options),
  );
}

export function validateQueryOptions(uploadId: string, options: ImportOptions) {
  return queryOptions({
    queryKey: ['imports', 'validate', uploadId, options],
    queryFn: () => validateImport(uploadId, options),
    staleTime: Infinity,
    retry: false,
  });
}

export function useValidateImport(uploadId: string | null, options: ImportOptions | null) {
  return useQuery({
    ...validateQueryOptions(uploadId ?? '', options as ImportOptions),
    enabled: uploadId != null && options != null,
  });
}
