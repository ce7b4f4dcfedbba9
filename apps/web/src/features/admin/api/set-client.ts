// PATCH /api/admin/users/{id}/set-client { client_entity } (spec 000 §6/§7): platform staff switch
// their own client. Everything cached belongs to the old client, so the whole cache is dropped.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reportError } from '../../../lib/report-error.ts';

export function setClient(userId: number, clientId: number): Promise<unknown> {
  return api('PATCH', `/api/admin/users/${userId}/set-client`, { clientEntity: clientId });
}

export function useSetClient(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: number) => {
      if (userId == null) return Promise.reject(new Error('No user'));
      return setClient(userId, clientId);
    },
    onSuccess: async () => {
      await queryClient.resetQueries();
    },
    // ADM-09: a failed switch is only logged; the list stays as it was.
    onError: (err) => reportError('Switching client failed', err),
  });
}
