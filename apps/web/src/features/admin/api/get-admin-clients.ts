// GET /api/admin/clients → { clientEntities } (spec 000 §6/§7): every client for platform staff,
// an empty list for anyone else. A failure is only logged (ADM-09) and reads as an empty list.
import type { ClientListResponse } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { reportError } from '../../../lib/report-error.ts';

export type AdminClient = Camelize<ClientListResponse>['clientEntities'][number];

export const ADMIN_CLIENTS_KEY = ['admin', 'clients'] as const;

export async function getAdminClients(): Promise<AdminClient[]> {
  try {
    const body = await api<Camelize<ClientListResponse>>('GET', '/api/admin/clients');
    return body.clientEntities;
  } catch (err) {
    reportError('Loading the client list failed', err);
    return [];
  }
}

export function adminClientsQueryOptions() {
  return queryOptions({ queryKey: ADMIN_CLIENTS_KEY, queryFn: getAdminClients });
}

export function useAdminClients(enabled = true) {
  return useQuery({ ...adminClientsQueryOptions(), enabled });
}
