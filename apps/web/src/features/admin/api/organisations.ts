// Organisations for platform staff (issue 17; docs/api-accounts.md "Administration"): GET/POST
// /api/admin/organizations, PATCH /api/admin/organizations/{id}, GET /api/organization_clients/{id}.
import type { OrganisationClients, OrganisationInput, OrganisationList } from '@pipewise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type AdminOrganisation = Camelize<OrganisationList>['organizations'][number];
export const ORGANISATIONS_KEY = ['admin', 'organizations'] as const;

export function useOrganisations(enabled: boolean) {
  return useQuery({
    queryKey: ORGANISATIONS_KEY,
    queryFn: () =>
      api<Camelize<OrganisationList>>('GET', '/api/admin/organizations').then((b) => b.organizations),
    enabled,
  });
}

export function useOrganisationClients(id: number | undefined) {
  return useQuery({
    queryKey: [...ORGANISATIONS_KEY, id, 'clients'],
    queryFn: () =>
      api<Camelize<OrganisationClients>>('GET', `/api/organization_clients/${id}`).then(
        (b) => b.clientEntities,
      ),
    enabled: id !== undefined,
  });
}

/** Creates an organisation, or renames one when an id is given. */
export function useSaveOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number | undefined; body: OrganisationInput }) =>
      id === undefined
        ? api<AdminOrganisation>('POST', '/api/admin/organizations', body)
        : api<AdminOrganisation>('PATCH', `/api/admin/organizations/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORGANISATIONS_KEY }),
  });
}
