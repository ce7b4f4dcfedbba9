import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPageExit, isLeavingPage } from './page-exit.ts';

describe('page exit', () => {
  afterEach(() => {
    window.dispatchEvent(new Event('pageshow'));
    vi.useRealTimers();
  });

  it('counts the page as leaving from beforeunload or pagehide, alive again on pageshow', () => {
    vi.useFakeTimers();
    installPageExit(window);
    expect(isLeavingPage()).toBe(false);
    window.dispatchEvent(new Event('pagehide'));
    expect(isLeavingPage()).toBe(true);
    window.dispatchEvent(new Event('pageshow'));
    expect(isLeavingPage()).toBe(false);
    window.dispatchEvent(new Event('beforeunload'));
    expect(isLeavingPage()).toBe(true);
    // A beforeunload the page survives (a download link) stops counting after a while.
    vi.advanceTimersByTime(3_000);
    expect(isLeavingPage()).toBe(false);
  });
});
