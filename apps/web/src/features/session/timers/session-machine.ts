// The session timing rules of spec §4, as pure functions of (state, now) so they can be tested with
// any clock. The hook (use-session-timers.ts) only wires them to window timers and DOM events.
//
// Why refresh only after activity: the access token's exp is the session's end, and every refresh
// pushes it 1800 s into the future. Refreshing unconditionally every 30 s would keep the remaining
// time near 1800 s forever, so the "≤ 120 s left and no activity" warning could never open and an
// idle session would never end. Refreshing only when the user moved the mouse or pressed a key since
// the last refresh makes the session a sliding 30-minute idle timeout.
import { SESSION } from '@pipewise/domain';

export type SessionPhase = 'running' | 'warning' | 'ended';
export type SessionEffect = 'none' | 'refresh' | 'openWarning' | 'logout';

export interface SessionTimerState {
  phase: SessionPhase;
  /** Mouse or key activity since the last refresh. */
  activity: boolean;
  /** When the warning dialog opened (epoch ms), while phase is 'warning'. */
  warningSince: number | null;
}

export interface Step {
  state: SessionTimerState;
  effect: SessionEffect;
}

export const WARNING_MS = SESSION.warningSeconds * 1000;

export function initialSessionState(): SessionTimerState {
  return { phase: 'running', activity: false, warningSince: null };
}

/** Mouse/key activity. Ignored while the warning is open: only Continue answers it. */
export function markActivity(state: SessionTimerState): SessionTimerState {
  return state.phase === 'running' && !state.activity ? { ...state, activity: true } : state;
}

/** Remaining session time in ms: the access token's end − now (never below 0). */
export function remainingMs(expiresAt: number | null, now: number): number {
  return expiresAt == null ? 0 : Math.max(0, expiresAt - now);
}

/** The 1 s clock tick (ACC-SES-03/04): open the warning, or log out if the token has run out. */
export function sessionTick(state: SessionTimerState, now: number, expiresAt: number | null): Step {
  if (state.phase === 'warning') return warningTick(state, now);
  if (state.phase !== 'running') return { state, effect: 'none' };
  const left = remainingMs(expiresAt, now);
  if (left <= 0) return { state: { ...state, phase: 'ended' }, effect: 'logout' };
  if (left <= WARNING_MS && !state.activity) {
    return { state: { ...state, phase: 'warning', warningSince: now }, effect: 'openWarning' };
  }
  return { state, effect: 'none' };
}

/** The 30 s refresh tick (ACC-SES-01): refresh only if there was activity since the last one. */
export function refreshTick(state: SessionTimerState): Step {
  if (state.phase !== 'running' || !state.activity) return { state, effect: 'none' };
  return { state: { ...state, activity: false }, effect: 'refresh' };
}

/** While the warning is open: unanswered for 120 s → log out (ACC-SES-08). */
export function warningTick(state: SessionTimerState, now: number): Step {
  if (state.phase !== 'warning' || state.warningSince == null) return { state, effect: 'none' };
  if (now - state.warningSince >= WARNING_MS)
    return { state: { ...state, phase: 'ended' }, effect: 'logout' };
  return { state, effect: 'none' };
}

/** Continue in the warning dialog (ACC-SES-07): refresh now and restart both timers. */
export function continueSession(state: SessionTimerState): Step {
  if (state.phase !== 'warning') return { state, effect: 'none' };
  return { state: { phase: 'running', activity: false, warningSince: null }, effect: 'refresh' };
}
