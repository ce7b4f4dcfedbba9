// PUT /api/imports/{id}/archive → the import item, archived (spec 001 §2, §7).
import { api } from '../../../lib/api-client.ts';
import type { ImportItem } from './get-imports.ts';

export function archiveImport(id: number): Promise<ImportItem> {
  return api<ImportItem>('PUT', `/api/imports/${id}/archive`);
}
