// Logout (ACC-AUTH-14): revoke the refresh token, clear the user and the tokens, go to login (which unmounts the
// map), then drop the cache and what the map remembered. Other features (the map) register their teardown with
// onLogout() so this module needs no knowledge of them.
import { setAuthHandlers } from '../../lib/api-client.ts';
import { loginPathWithRedirect, navigateTo } from '../../lib/navigation.ts';
import { queryClient } from '../../lib/query-client.ts';
import { postTokenRevoke } from './api/post-token-revoke.ts';
import { whenNoLoggedInPage } from './logged-in-pages.ts';
import { useSession } from './state.ts';
import { reportError } from '../../lib/report-error.ts';

type Cleanup = () => void;
const cleanups = new Set<Cleanup>();

/**
 * Register teardown to run on logout, once the logged-in pages have unmounted (e.g. resetting the map's stores).
 * Returns an unregister function.
 */
export function onLogout(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

function runCleanups(): void {
  for (const cleanup of cleanups) {
    try {
      cleanup();
    } catch (err) {
      reportError('logout cleanup failed', err);
    }
  }
}

/** The latest the cache is dropped after the login page was navigated to, should no page unmount be seen. */
const DROP_FALLBACK_MS = 10_000;

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
    // The tokens go at once (callers and other tabs read them right after).
    useSession.getState().clear();
    void queryClient.cancelQueries();
    // Not awaited: logout also runs inside the start-up check, which the login page's own loader waits for. What the
    // logged-in pages kept (the cache, the map's stores) goes once they have unmounted (logged-in-pages.ts), the
    // map's MapLibre instance with them; should that never be seen, it goes a while after the navigation anyway —
    // unless someone has logged in again meanwhile, whose data it no longer is.
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      if (useSession.getState().accessToken) return;
      runCleanups();
      queryClient.clear();
    };
    void navigateTo(opts.redirect ? loginPathWithRedirect(opts.redirect) : '/user/login', {
      replace: true,
    }).then(() => {
      whenNoLoggedInPage(drop);
      setTimeout(drop, DROP_FALLBACK_MS);
    });
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
