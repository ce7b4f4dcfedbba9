import { SESSION } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import {
  continueSession,
  initialSessionState,
  markActivity,
  refreshTick,
  remainingMs,
  sessionTick,
  warningTick,
} from './session-machine.ts';

const T0 = 1_800_000_000_000;
const exp = (secondsLeft: number) => T0 + secondsLeft * 1000;

describe('session constants (ACC-SES-01…03)', () => {
  it('are the spec values', () => {
    expect(SESSION).toEqual({
      lengthSeconds: 1800,
      warningSeconds: 120,
      refreshIntervalMs: 30_000,
      clockTickMs: 1_000,
    });
  });
});

describe('session machine', () => {
  it('computes remaining time from the token exp', () => {
    expect(remainingMs(exp(90), T0)).toBe(90_000);
    expect(remainingMs(exp(-5), T0)).toBe(0);
    expect(remainingMs(null, T0)).toBe(0);
  });

  it('refreshes on the 30 s tick only after activity (ACC-SES-01)', () => {
    const idle = initialSessionState();
    expect(refreshTick(idle).effect).toBe('none');
    const active = markActivity(idle);
    const step = refreshTick(active);
    expect(step.effect).toBe('refresh');
    expect(step.state.activity).toBe(false);
    expect(refreshTick(step.state).effect).toBe('none');
  });

  it('does nothing while more than 120 s remain', () => {
    expect(sessionTick(initialSessionState(), T0, exp(121)).effect).toBe('none');
  });

  it('opens the warning at ≤ 120 s without activity (ACC-SES-04)', () => {
    const step = sessionTick(initialSessionState(), T0, exp(120));
    expect(step.effect).toBe('openWarning');
    expect(step.state).toEqual({ phase: 'warning', activity: false, warningSince: T0 });
  });

  it('does not warn when there was activity since the last refresh', () => {
    const step = sessionTick(markActivity(initialSessionState()), T0, exp(60));
    expect(step.effect).toBe('none');
  });

  it('logs out when the token has already run out', () => {
    expect(sessionTick(markActivity(initialSessionState()), T0, exp(0)).effect).toBe('logout');
  });

  it('stops refreshing and ignores activity while the warning is open (ACC-SES-05)', () => {
    const warning = sessionTick(initialSessionState(), T0, exp(100)).state;
    const touched = markActivity(warning);
    expect(touched).toBe(warning);
    expect(refreshTick(touched).effect).toBe('none');
  });

  it('logs out when the warning is unanswered for 120 s (ACC-SES-08)', () => {
    const warning = sessionTick(initialSessionState(), T0, exp(100)).state;
    expect(warningTick(warning, T0 + 119_999).effect).toBe('none');
    expect(warningTick(warning, T0 + 120_000).effect).toBe('logout');
    expect(sessionTick(warning, T0 + 120_000, exp(100)).effect).toBe('logout');
  });

  it('Continue refreshes and restarts the running phase (ACC-SES-07)', () => {
    const warning = sessionTick(initialSessionState(), T0, exp(100)).state;
    const step = continueSession(warning);
    expect(step.effect).toBe('refresh');
    expect(step.state).toEqual(initialSessionState());
    expect(continueSession(step.state).effect).toBe('none');
  });

  it('an ended session stays ended', () => {
    const ended = sessionTick(initialSessionState(), T0, exp(0)).state;
    expect(sessionTick(ended, T0 + 1000, exp(1000)).effect).toBe('none');
    expect(refreshTick(markActivity(ended)).effect).toBe('none');
  });
});
