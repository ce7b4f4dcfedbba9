// Staff create and change clients (POST /api/admin/clients, PATCH /api/admin/clients/{id}; docs/api-accounts.md
// "Administration"). The client list is refetched afterwards: it is the one place clients are shown.
import type { ClientCreate, ClientPatch } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { ADMIN_CLIENTS_KEY, type AdminClient } from './get-admin-clients.ts';

export type ClientInput = Camelize<ClientCreate>;
export type ClientChange = Camelize<ClientPatch>;

export const createClient = (body: ClientInput) => api<AdminClient>('POST', '/api/admin/clients', body);
export const updateClient = (id: number, body: ClientChange) =>
  api<AdminClient>('PATCH', `/api/admin/clients/${id}`, body);

export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | undefined; body: ClientInput }) =>
      id === undefined ? createClient(body) : updateClient(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_CLIENTS_KEY }),
  });
}
