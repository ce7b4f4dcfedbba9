// GET /api/admin/clients/{id}/audit?page&page_size (issue 17): a page of a client's administrative changes.
import type { AdminAuditResponse } from '@pipewise/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type AuditPage = Camelize<AdminAuditResponse>;
export type AuditEntry = AuditPage['entries'][number];

export const auditKey = (clientId: number) => ['admin', 'clients', clientId, 'audit'] as const;

export function useAudit(clientId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...auditKey(clientId), page, pageSize],
    queryFn: () =>
      api<AuditPage>('GET', `/api/admin/clients/${clientId}/audit?page=${page}&page_size=${pageSize}`),
    placeholderData: keepPreviousData,
  });
}
