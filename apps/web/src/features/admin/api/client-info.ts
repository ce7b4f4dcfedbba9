// GET/PUT /api/clientinfoentity (issue 17, spec 001 §7): the current client's details and two-step sign-in policy,
// changed by its administrators.
import type { ClientInfo, ClientInfoPatch } from '@pipewise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { auditKey } from './get-audit.ts';

export type ClientInfoData = Camelize<ClientInfo>;
export type ClientInfoChange = Camelize<ClientInfoPatch>;
export const CLIENT_INFO_KEY = ['admin', 'client-info'] as const;

export function useClientInfo() {
  return useQuery({
    queryKey: CLIENT_INFO_KEY,
    queryFn: () => api<ClientInfoData>('GET', '/api/clientinfoentity'),
  });
}

export function useUpdateClientInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientInfoChange) => api<ClientInfoData>('PUT', '/api/clientinfoentity', body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(CLIENT_INFO_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: auditKey(saved.id) });
    },
  });
}
