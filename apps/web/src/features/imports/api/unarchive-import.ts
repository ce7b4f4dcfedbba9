// PUT /api/imports/{id}/unarchive → the import item, back in the list (spec 001 §2, §7).
import { api } from '../../../lib/api-client.ts';
import type { ImportItem } from './get-imports.ts';

export function unarchiveImport(id: number): Promise<ImportItem> {
  return api<ImportItem>('PUT', `/api/imports/${id}/unarchive`);
}
