// Login (ACC-AUTH-01): POST /api/token, store the pair, then load the user so the shell has it.
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
  useSession.getState().setTokens(answer);
  await queryClient.fetchQuery(userInfoQueryOptions());
  return undefined;
}

export async function completeLogin(challenge: string, code: string): Promise<void> {
  useSession.getState().setTokens(await postCheckIdentity(challenge, code));
  await queryClient.fetchQuery(userInfoQueryOptions());
}

export const resendLoginCode = (challenge: string): Promise<LoginChallenge> => postSendTwoFactor(challenge);

/** ACC-AUTH-02: exchange the (single-use) refresh token for a new pair and store it. */
export async function refreshTokens(): Promise<void> {
  const { refreshToken } = useSession.getState();
  if (!refreshToken) throw new Error('No refresh token');
  useSession.getState().setTokens(await postTokenRefresh(refreshToken));
}
