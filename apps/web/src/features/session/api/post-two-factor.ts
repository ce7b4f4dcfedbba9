// The second step of a login (issue 17; docs/api-accounts.md "Two-step sign-in"): POST /api/check_identity with the
// e-mailed code gives the tokens; POST /api/send_2fa mails a new code.
import type { TokenPair } from '@pipewise/domain';
import { api } from '../../../lib/api-client.ts';
import type { LoginChallenge } from './post-token.ts';

export function postCheckIdentity(challenge: string, code: string): Promise<TokenPair> {
  return api<TokenPair>('POST', '/api/check_identity', { challenge, code }, { auth: false });
}

export function postSendTwoFactor(challenge: string): Promise<LoginChallenge> {
  return api<LoginChallenge>('POST', '/api/send_2fa', { challenge }, { auth: false });
}
