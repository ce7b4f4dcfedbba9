// The start-up step (ACC-AUTH-08): make sure the CSRF cookie exists, then check a stored session.
// An expired access token logs out (ACC-AUTH-13); a failed user-info call — 401 (ACC-AUTH-09) or any
// other failure (ACC-AUTH-12) — ends the session too, and the auth guard then sends the user to login.
import { ensureCsrf } from '../../lib/api-client.ts';
import { isLeavingPage } from '../../lib/page-exit.ts';
import { queryClient } from '../../lib/query-client.ts';
import { userInfoQueryOptions } from './api/get-user-info.ts';
import { tokenExpiryMs } from './jwt.ts';
import { logout } from './logout.ts';
import { useSession } from './state.ts';
import { reportError } from '../../lib/report-error.ts';

export type ClientInitResult = 'guest' | 'ready' | 'expired' | 'failed';

export async function clientInit(now: () => number = Date.now): Promise<ClientInitResult> {
  try {
    await ensureCsrf();
  } catch (err) {
    // Not fatal here: the next state-changing call asks for the cookie again.
    console.warn('CSRF cookie could not be fetched', err);
  }
  const { accessToken: token, expiresAt } = useSession.getState();
  if (!token) return 'guest';
  const here = window.location.pathname + window.location.search;
  // The locally computed end (skew-proof); the absolute exp claim only for sessions stored without it.
  const end = expiresAt ?? tokenExpiryMs(token);
  if (end == null || end <= now()) {
    // Coming back after login to where the tab was is what a user expects after an idle reload.
    await logout({ redirect: here });
    return 'expired';
  }
  try {
    // No retries: the spec sends a failed start-up straight to login.
    await queryClient.fetchQuery({ ...userInfoQueryOptions(), retry: false });
    return 'ready';
  } catch (err) {
    // Leaving the page (a reload, ERR-03's included, or a navigation) aborts this call; the session is fine, the
    // next page load checks it.
    if (isLeavingPage()) return 'failed';
    reportError('Loading the user failed', err);
    await logout({ redirect: here });
    return 'failed';
  }
}

let started: Promise<ClientInitResult> | null = null;

/** Runs clientInit once per page load; route guards await it before deciding. */
export function ensureClientInit(): Promise<ClientInitResult> {
  started ??= clientInit();
  return started;
}
