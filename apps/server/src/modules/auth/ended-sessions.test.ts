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

  it('asks once for the tiles in flight when "open" lapses, but afresh for a request after an ending', async () => {
    vi.useFakeTimers();
    // Past the user-wide endings of the tests before (their clocks ran ahead of this one's).
    vi.advanceTimersByTime(10 * LIVE_MS);
    let release = (_: boolean) => {};
    const ask = vi.fn(() => new Promise<boolean>((resolve) => (release = resolve)));
    const inFlight = Array.from({ length: 20 }, () => sessionEnded(tx, 'fam-d', ask));
    expect(ask).toHaveBeenCalledTimes(1);
    release(false);
    expect(await Promise.all(inFlight)).toEqual(Array(20).fill(false));
    expect(sessionKnownOpen('fam-d')).toBe(true);

    // Asked again while the first question is on its way, then ended: a request after the ending does not join it.
    vi.advanceTimersByTime(LIVE_MS + 1);
    const before = sessionEnded(tx, 'fam-d', ask);
    const releaseBefore = release;
    forgetSessions('fam-d');
    const after = sessionEnded(tx, 'fam-d', ask);
    expect(ask).toHaveBeenCalledTimes(3);
    release(true);
    releaseBefore(false);
    expect(await after).toBe(true);
    expect(await before).toBe(false);
    expect(sessionKnownOpen('fam-d')).toBe(false);
  });
});
