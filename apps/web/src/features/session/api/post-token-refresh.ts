// POST /api/token/refresh {refresh} → {access, refresh} (ACC-AUTH-02). Refresh tokens are single use.
import type { TokenPair } from '@pipewise/domain';
import { api } from '../../../lib/api-client.ts';

export function postTokenRefresh(refresh: string): Promise<TokenPair> {
  return api<TokenPair>('POST', '/api/token/refresh', { refresh }, { auth: false });
}
