// GET /api/user/info → the current User, camelCased (ACC-USER-01).
import type { User } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { useIsLoggedIn } from '../state.ts';

export type CurrentUser = Camelize<User>;

export const USER_INFO_KEY = ['user', 'info'] as const;

export function getUserInfo(): Promise<CurrentUser> {
  return api<CurrentUser>('GET', '/api/user/info');
}

export function userInfoQueryOptions() {
  return queryOptions({ queryKey: USER_INFO_KEY, queryFn: getUserInfo, staleTime: 5 * 60_000 });
}

/** The logged-in user; disabled (data undefined) while logged out. */
export function useCurrentUser() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...userInfoQueryOptions(), enabled: loggedIn });
}
