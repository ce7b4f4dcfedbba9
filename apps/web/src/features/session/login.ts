// Login (ACC-AUTH-01): POST /api/token, store the pair, then load the user so the shell has it.
import { queryClient } from '../../lib/query-client.ts';
import { userInfoQueryOptions } from './api/get-user-info.ts';
import { postToken } from './api/post-token.ts';
import { postTokenRefresh } from './api/post-token-refresh.ts';
import { useSession } from './state.ts';

export async function login(email: string, password: string): Promise<void> {
  const tokens = await postToken({ email, password });
  useSession.getState().setTokens(tokens);
  await queryClient.fetchQuery(userInfoQueryOptions());
}

/** ACC-AUTH-02: exchange the (single-use) refresh token for a new pair and store it. */
export async function refreshTokens(): Promise<void> {
  const { refreshToken } = useSession.getState();
  if (!refreshToken) throw new Error('No refresh token');
  useSession.getState().setTokens(await postTokenRefresh(refreshToken));
}
