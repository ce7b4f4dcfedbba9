// The users of one client for its administrators (GET/POST /api/admin/clients/{id}/users, PATCH /api/admin/users/{id};
// docs/api-accounts.md "Administration"): staff for any client, a client administrator for their own.
import type { AdminUserCreate, AdminUserPatch, AdminUsersResponse } from '@pipewise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type AdminUser = Camelize<AdminUsersResponse>['users'][number];
export type UserInvite = Camelize<AdminUserCreate>;
export type UserChange = Camelize<AdminUserPatch>;

export const clientUsersKey = (clientId: number) => ['admin', 'clients', clientId, 'users'] as const;

export const getClientUsers = (clientId: number) =>
  api<Camelize<AdminUsersResponse>>('GET', `/api/admin/clients/${clientId}/users`).then((b) => b.users);

export function useClientUsers(clientId: number | undefined) {
  return useQuery({
    queryKey: clientUsersKey(clientId ?? 0),
    queryFn: () => getClientUsers(clientId!),
    enabled: clientId !== undefined,
  });
}

export function useInviteUser(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserInvite) => api<AdminUser>('POST', `/api/admin/clients/${clientId}/users`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'clients', clientId] }),
  });
}

export function useUpdateUser(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UserChange }) =>
      api<AdminUser>('PATCH', `/api/admin/users/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'clients', clientId] }),
  });
}

/** Issue 37: a sign-up that waits is approved (the account becomes active) or rejected (deleted); both mail it. */
export function useDecideRegistration(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      api<AdminUser | null>('POST', `/api/admin/users/${id}/${approve ? 'approve' : 'reject'}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'clients', clientId] }),
  });
}
