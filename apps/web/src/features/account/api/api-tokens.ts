// API tokens for scripts (issue 42; docs/api-tokens.md): the user's own in the settings, every token of the client
// for administrators in /admin/workflow. The secret comes back once, in the answer of the creation.
import type { ApiTokenCreate, ApiTokenCreated, ApiTokenList } from '@pipewise/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type ApiTokenData = Camelize<ApiTokenList>['tokens'][number];
export type ApiTokenCreatedData = Camelize<ApiTokenCreated>;
export type ApiTokenInput = Camelize<ApiTokenCreate>;
/** 'own': the caller's tokens; 'client': every token of the client (administrators). */
export type TokenListScope = 'own' | 'client';

export const API_TOKENS_KEY = ['api-tokens'] as const;
const key = (scope: TokenListScope) => [...API_TOKENS_KEY, scope] as const;

export function useApiTokens(scope: TokenListScope) {
  return useQuery({
    queryKey: key(scope),
    queryFn: () =>
      api<Camelize<ApiTokenList>>('GET', scope === 'client' ? '/api/tokens?all=1' : '/api/tokens').then(
        (b) => b.tokens,
      ),
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    // A refused scope is a 403 that must not end the session (the form offers only what the role allows anyway).
    mutationFn: (body: ApiTokenInput) =>
      api<ApiTokenCreatedData>('POST', '/api/tokens', body, { keepSession: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<null>('DELETE', `/api/tokens/${id}`, undefined, { keepSession: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}
