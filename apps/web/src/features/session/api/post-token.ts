// POST /api/token {email, password} → {access, refresh} (ACC-AUTH-01).
import type { TokenPair, TokenRequest } from '@pipewise/domain';
import { api } from '../../../lib/api-client.ts';

export function postToken(body: TokenRequest): Promise<TokenPair> {
  return api<TokenPair>('POST', '/api/token', body, { auth: false });
}
