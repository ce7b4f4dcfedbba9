// POST /api/token/revoke {refresh} → 204: logout revokes the refresh-token family server-side.
import { api } from '../../../lib/api-client.ts';

export function postTokenRevoke(refresh: string): Promise<void> {
  return api<void>('POST', '/api/token/revoke', { refresh }, { auth: false });
}
