import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOGGLE_CONFIRM_MS, useConfirmedToggle } from './use-confirmed-toggle.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useConfirmedToggle (LAYER-34)', () => {
  it('shows the request at once and stays quiet when the server matches within 1 s', () => {
    const onMismatch = vi.fn();
    const { result, rerender } = renderHook(({ server }) => useConfirmedToggle(server, onMismatch), {
      initialProps: { server: false },
    });
    act(() => {
      result.current.request(true);
    });
    expect(result.current.checked).toBe(true);
    rerender({ server: true });
    act(() => {
      vi.advanceTimersByTime(TOGGLE_CONFIRM_MS);
    });
    expect(onMismatch).not.toHaveBeenCalled();
    expect(result.current.checked).toBe(true);
  });

  it('warns and reverts when the server has not matched after 1 s', () => {
    const onMismatch = vi.fn();
    const { result } = renderHook(() => useConfirmedToggle(false, onMismatch));
    act(() => {
      result.current.request(true);
    });
    act(() => {
      vi.advanceTimersByTime(TOGGLE_CONFIRM_MS - 1);
    });
    expect(onMismatch).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onMismatch).toHaveBeenCalledOnce();
    expect(result.current.checked).toBe(false);
  });
});
