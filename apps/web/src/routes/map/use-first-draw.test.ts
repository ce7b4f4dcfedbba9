import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_DRAW_FALLBACK_MS, useFirstDraw } from './use-first-draw.ts';

describe('useFirstDraw (issue 41: the tile properties wait for the first coloured map)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is not drawn until the map has loaded its data, then stays drawn for that dataset', () => {
    const { result } = renderHook(() => useFirstDraw(7));
    expect(result.current.drawn).toBe(false);
    act(() => result.current.onDataLoaded());
    expect(result.current.drawn).toBe(true);
    act(() => {
      vi.advanceTimersByTime(FIRST_DRAW_FALLBACK_MS);
    });
    expect(result.current.drawn).toBe(true);
  });

  it('waits again for another dataset', () => {
    const { result, rerender } = renderHook(({ id }) => useFirstDraw(id), { initialProps: { id: 7 } });
    act(() => result.current.onDataLoaded());
    rerender({ id: 8 });
    expect(result.current.drawn).toBe(false);
    act(() => result.current.onDataLoaded());
    expect(result.current.drawn).toBe(true);
  });

  it('counts a map that never loads (no WebGL) as drawn after the fallback delay', () => {
    const { result } = renderHook(() => useFirstDraw(7));
    act(() => {
      vi.advanceTimersByTime(FIRST_DRAW_FALLBACK_MS - 1);
    });
    expect(result.current.drawn).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.drawn).toBe(true);
  });
});
