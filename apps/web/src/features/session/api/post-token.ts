// POST /api/token {email, password} → {access, refresh} (ACC-AUTH-01), or a challenge when the user signs in with
// a code sent by e-mail (issue 17; docs/api-accounts.md "Two-step sign-in").
import type { TokenPair, TokenRequest, TwoFactorChallenge } from '@pipewise/domain';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type LoginChallenge = Camelize<TwoFactorChallenge>;

export function postToken(body: TokenRequest): Promise<TokenPair | LoginChallenge> {
  return api<TokenPair | LoginChallenge>('POST', '/api/token', body, { auth: false });
}

export const isChallenge = (answer: TokenPair | LoginChallenge): answer is LoginChallenge =>
  'challenge' in answer && answer.twoFactorRequired === true;
