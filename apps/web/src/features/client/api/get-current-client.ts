// GET /api/clients/current → the user's client organisation (plan tier, subscriptions, details).
import type { Client } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type CurrentClient = Camelize<Client>;

export const CURRENT_CLIENT_KEY = ['clients', 'current'] as const;

export function getCurrentClient(): Promise<CurrentClient> {
  return api<CurrentClient>('GET', '/api/clients/current');
}

export function currentClientQueryOptions() {
  return queryOptions({ queryKey: CURRENT_CLIENT_KEY, queryFn: getCurrentClient, staleTime: 5 * 60_000 });
}

export function useCurrentClient(enabled = true) {
  return useQuery({ ...currentClientQueryOptions(), enabled });
}
