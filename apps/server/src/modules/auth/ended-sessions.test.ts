import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/database.ts';
import { forgetSessions, LIVE_MS, sessionEnded, sessionKnownOpen } from './ended-sessions.ts';

const tx = {} as Db;

describe('sessionEnded', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks the database once per session every few seconds, and afresh once the session is being ended', async () => {
    vi.useFakeTimers();
    let revoked = false;
    const ask = vi.fn(async () => revoked);
    for (let i = 0; i < 20; i++) expect(await sessionEnded(tx, 'fam-a', ask)).toBe(false);
    expect(ask).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(LIVE_MS + 1);
    await sessionEnded(tx, 'fam-a', ask);
    expect(ask).toHaveBeenCalledTimes(2);

    // A logout in this process: the next request asks, even before the ending has committed, and is not kept open.
    forgetSessions('fam-a');
    expect(await sessionEnded(tx, 'fam-a', ask)).toBe(false);
    revoked = true;
    expect(await sessionEnded(tx, 'fam-a', ask)).toBe(true);
    expect(ask).toHaveBeenCalledTimes(4);
  });

  it('asks afresh for every session after a user-wide ending', async () => {
    const ask = vi.fn(async () => false);
    await sessionEnded(tx, 'fam-b', ask);
    await sessionEnded(tx, 'fam-b', ask);
    expect(ask).toHaveBeenCalledTimes(1);
    forgetSessions();
    await sessionEnded(tx, 'fam-b', ask);
    await sessionEnded(tx, 'fam-b', ask);
    expect(ask).toHaveBeenCalledTimes(3);
  });

  it('knows a session open without asking only while sessionEnded would not ask (the cached-tile path)', async () => {
    vi.useFakeTimers();
    // Past the user-wide ending of the test before.
    vi.advanceTimersByTime(LIVE_MS + 1);
    const ask = vi.fn(async () => false);
    expect(sessionKnownOpen('fam-c')).toBe(false);
    await sessionEnded(tx, 'fam-c', ask);
    expect(sessionKnownOpen('fam-c')).toBe(true);
    vi.advanceTimersByTime(LIVE_MS + 1);
    expect(sessionKnownOpen('fam-c')).toBe(false);
    await sessionEnded(tx, 'fam-c', ask);
    forgetSessions('fam-c');
    expect(sessionKnownOpen('fam-c')).toBe(false);
    vi.advanceTimersByTime(LIVE_MS + 1);
    await sessionEnded(tx, 'fam-c', ask);
    expect(sessionKnownOpen('fam-c')).toBe(true);
    forgetSessions();
    expect(sessionKnownOpen('fam-c')).toBe(false);
  });
});
