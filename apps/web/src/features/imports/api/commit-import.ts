// POST /api/imports/uploads/{id}/commit ImportOptions → 202 ImportItem (queued); a job does the import.
// 409 IMPORT_BLOCKED when validation says it cannot be imported.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ImportItem } from './get-imports.ts';
import { importOptionsBody, type ImportOptions } from './import-options.ts';

export function commitImport(uploadId: string, options: ImportOptions): Promise<ImportItem> {
  return api<ImportItem>(
    'POST',
    `/api/imports/uploads/${encodeURIComponent(uploadId)}/commit`,
    importOptionsBody(options),
  );
}

export function useCommitImport() {
  return useMutation({
    mutationFn: ({ uploadId, options }: { uploadId: string; options: ImportOptions }) =>
      commitImport(uploadId, options),
  });
}
