// Wires the session machine to window timers and DOM activity events. Timers use window.setInterval
// and window.setTimeout (and Date.now) so a test clock (vitest fake timers, Playwright page.clock)
// can drive them. While the warning is open the clock and refresh intervals are stopped (ACC-SES-05);
// a single timeout then waits for the 120 s answer.
import { SESSION } from '@pipewise/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { refreshTokens } from '../login.ts';
import { logout } from '../logout.ts';
import { syncSessionAcrossTabs, useIsLoggedIn, useSession } from '../state.ts';
import {
  continueSession,
  initialSessionState,
  markActivity,
  refreshTick,
  sessionTick,
  WARNING_MS,
  warningTick,
} from './session-machine.ts';
import type { SessionEffect, Step } from './session-machine.ts';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'wheel', 'touchstart'] as const;

function runEffect(effect: SessionEffect, openWarning: () => void): void {
  switch (effect) {
    case 'refresh':
      refreshTokens().catch((err: unknown) => {
        // A refused refresh (revoked, reused, expired: 401) ends the session. Anything else (network,
        // 5xx) is left alone: the next activity retries, and the clock still ends the session at exp.
        if (err instanceof ApiError && err.status === 401) void logout();
        else console.warn('Token refresh failed', err);
      });
      return;
    case 'openWarning':
      openWarning();
      return;
    case 'logout':
      void logout();
      return;
    case 'none':
      return;
  }
}

export function useSessionTimers(): { warningOpen: boolean; onContinue: () => void } {
  const loggedIn = useIsLoggedIn();
  const [warningOpen, setWarningOpen] = useState(false);
  const state = useRef(initialSessionState());

  const apply = useCallback((step: Step) => {
    state.current = step.state;
    runEffect(step.effect, () => setWarningOpen(true));
  }, []);

  useEffect(() => syncSessionAcrossTabs(() => void navigateTo('/user/login', { replace: true })), []);

  useEffect(() => {
    if (!loggedIn) return;
    state.current = initialSessionState();
    const onActivity = () => {
      state.current = markActivity(state.current);
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true });
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity);
      setWarningOpen(false);
    };
  }, [loggedIn]);

  useEffect(() => {
    if (!loggedIn || warningOpen) return;
    const clock = window.setInterval(() => {
      apply(sessionTick(state.current, Date.now(), useSession.getState().expiresAt));
    }, SESSION.clockTickMs);
    const refresh = window.setInterval(() => apply(refreshTick(state.current)), SESSION.refreshIntervalMs);
    return () => {
      window.clearInterval(clock);
      window.clearInterval(refresh);
    };
  }, [loggedIn, warningOpen, apply]);

  useEffect(() => {
    if (!loggedIn || !warningOpen) return;
    const timeout = window.setTimeout(() => apply(warningTick(state.current, Date.now())), WARNING_MS);
    return () => window.clearTimeout(timeout);
  }, [loggedIn, warningOpen, apply]);

  const onContinue = useCallback(() => {
    apply(continueSession(state.current));
    setWarningOpen(false);
  }, [apply]);

  return { warningOpen, onContinue };
}
