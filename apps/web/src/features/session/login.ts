// Login (ACC-AUTH-01): POST /api/token, store the pair, then load the user so the shell has it.
import { ensureCsrf } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { userInfoQueryOptions } from './api/get-user-info.ts';
import { isChallenge, postToken, type LoginChallenge } from './api/post-token.ts';
import { postCheckIdentity, postSendTwoFactor } from './api/post-two-factor.ts';
import { postTokenRefresh } from './api/post-token-refresh.ts';
import { useSession } from './state.ts';

/**
 * Resolves with nothing when signed in, or with the challenge when the user must give a code sent by e-mail
 * (issue 17): then `completeLogin` with that code finishes it.
 */
export async function login(email: string, password: string): Promise<LoginChallenge | undefined> {
  const answer = await postToken({ email, password });
  if (isChallenge(answer)) return answer;
  await startSession(answer);
  return undefined;
}

export async function completeLogin(challenge: string, code: string): Promise<void> {
  await startSession(await postCheckIdentity(challenge, code));
}

export const resendLoginCode = (challenge: string): Promise<LoginChallenge> => postSendTwoFactor(challenge);

/**
 * Store a new session's tokens, then fetch the CSRF token bound to it (issue 37: the server refuses a signed-in
 * write whose token belongs to no session or to another one) and load the user. A failed CSRF fetch is not fatal:
 * the api client's one retry of a `403 CSRF` asks again.
 */
async function startSession(tokens: { access: string; refresh: string }): Promise<void> {
  useSession.getState().setTokens(tokens);
  await Promise.all([
    ensureCsrf(true).catch(() => undefined),
    queryClient.fetchQuery(userInfoQueryOptions()),
  ]);
}

/** ACC-AUTH-02: exchange the (single-use) refresh token for a new pair and store it. */
export async function refreshTokens(): Promise<void> {
  const { refreshToken } = useSession.getState();
  if (!refreshToken) throw new Error('No refresh token');
  useSession.getState().setTokens(await postTokenRefresh(refreshToken));
}
