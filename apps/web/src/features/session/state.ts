// The session's tokens. Persisted in localStorage so a reload keeps the session (logged-in state
// comes from the stored token, ACC-AUTH-07).
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { localExpiryMs } from './jwt.ts';

export const SESSION_STORAGE_KEY = 'pipewise_session';

interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  /** When the access token (= the session) ends, in epoch ms on this browser's clock. */
  expiresAt: number | null;
  setTokens: (tokens: { access: string; refresh: string }) => void;
  clear: () => void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      accessToken: null,
      refreshToken: null,
      expiresAt: null,
      setTokens: ({ access, refresh }) =>
        set({ accessToken: access, refreshToken: refresh, expiresAt: localExpiryMs(access, Date.now()) }),
      clear: () => set({ accessToken: null, refreshToken: null, expiresAt: null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        expiresAt: s.expiresAt,
      }),
    },
  ),
);

/** ACC-AUTH-07: logged in means a stored access token (its expiry is checked at start-up). */
export function isLoggedIn(): boolean {
  return useSession.getState().accessToken != null;
}

export function useIsLoggedIn(): boolean {
  return useSession((s) => s.accessToken != null);
}

/**
 * Keep tabs in step: refresh tokens are single use, so a tab holding a stale one would get
 * REFRESH_REUSED and end the session for every tab. When another tab stores new tokens (or logs
 * out), take them over; a logout elsewhere ends this tab's session too.
 */
export function syncSessionAcrossTabs(onLoggedOutElsewhere: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_STORAGE_KEY) return;
    const hadToken = useSession.getState().accessToken != null;
    void Promise.resolve(useSession.persist.rehydrate()).then(() => {
      if (hadToken && useSession.getState().accessToken == null) onLoggedOutElsewhere();
    });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
