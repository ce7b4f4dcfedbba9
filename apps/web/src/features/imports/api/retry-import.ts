// POST /api/imports/{id}/retry → a new import of the failed one's upload and options, queued (issue 18).
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ImportItem } from './get-imports.ts';

export function retryImport(id: number): Promise<ImportItem> {
  return api<ImportItem>('POST', `/api/imports/${id}/retry`);
}

export function useRetryImport() {
  return useMutation({ mutationFn: retryImport });
}
