// Logout (ACC-AUTH-14): revoke the refresh token, destroy the map state, clear the user and the
// tokens, then go to login. Other features (the map) register their teardown with onLogout() so
// this module needs no knowledge of them.
import { setAuthHandlers } from '../../lib/api-client.ts';
import { loginPathWithRedirect, navigateTo } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { postTokenRevoke } from './api/post-token-revoke.ts';
import { useSession } from './state.ts';
import { reportError } from '../../lib/report-error.ts';

type Cleanup = () => void;
const cleanups = new Set<Cleanup>();

/** Register teardown to run on logout (e.g. destroying the map). Returns an unregister function. */
export function onLogout(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

let loggingOut = false;

export interface LogoutOptions {
  /** Path to come back to after login (the 401/403 rule, ACC-AUTH-10); omitted = plain /user/login. */
  redirect?: string;
}

export async function logout(opts: LogoutOptions = {}): Promise<void> {
  // Several failing calls can ask for a logout at once; one is enough.
  if (loggingOut) return;
  loggingOut = true;
  try {
    const { refreshToken } = useSession.getState();
    const revoked = refreshToken ? postTokenRevoke(refreshToken).catch(() => undefined) : Promise.resolve();
    for (const cleanup of cleanups) {
      try {
        cleanup();
      } catch (err) {
        reportError('logout cleanup failed', err);
      }
    }
    // The tokens go at once (callers and other tabs read them right after); the cache goes after the pages that
    // read it: cleared while they were still mounted, their queries fetched again at once with no token (401s for
    // snapshot-groups and snapshots/current on every logout, issue 15).
    useSession.getState().clear();
    void queryClient.cancelQueries();
    // Not awaited: logout also runs inside the start-up check, which the login page's own loader waits for. One
    // macrotask after the router has navigated, React has unmounted the shell and the cache can go.
    void navigateTo(opts.redirect ? loginPathWithRedirect(opts.redirect) : '/user/login', {
      replace: true,
    }).then(() => setTimeout(() => queryClient.clear(), 0));
    await revoked;
  } finally {
    loggingOut = false;
  }
}

/** Wire the api-client to the session: bearer token, and logout on 401/403 (ACC-AUTH-10). */
export function installAuthHandlers(): void {
  setAuthHandlers({
    getAccessToken: () => useSession.getState().accessToken,
    onUnauthorized: () => {
      if (!useSession.getState().accessToken) return;
      void logout({ redirect: window.location.pathname + window.location.search });
    },
  });
}

// Installed on import so any code that can reach the session also gets authenticated calls.
installAuthHandlers();
