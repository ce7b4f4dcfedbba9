import { TOAST_MS } from '@pipewise/domain';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, ToastHost, useToastStore } from './index.ts';

describe('toast (TOAST-01/02)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => toast.hide());
    vi.useRealTimers();
  });

  it('has the spec durations', () => {
    expect(Object.values(TOAST_MS)).toEqual([2000, 3000, 3300, 5000]);
  });

  it.each(Object.values(TOAST_MS))('hides after its timer of %i ms', (timer) => {
    toast.show({ text: 'Hello', color: 'success', timer });
    vi.advanceTimersByTime(timer - 1);
    expect(useToastStore.getState().toast?.text).toBe('Hello');
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toast).toBeNull();
  });

  it('defaults to 3 s and a newer toast replaces the current one', () => {
    toast.show({ text: 'Switching', color: 'info' });
    vi.advanceTimersByTime(2000);
    toast.show({ text: 'Switched', color: 'success', timer: TOAST_MS.normal });
    vi.advanceTimersByTime(1500);
    expect(useToastStore.getState().toast?.text).toBe('Switched');
    vi.advanceTimersByTime(1500);
    expect(useToastStore.getState().toast).toBeNull();
  });

  it('renders colour, position and the confirm action with every spec field', async () => {
    vi.useRealTimers();
    const handleConfirm = vi.fn();
    render(<ToastHost />);
    act(() =>
      toast.show({
        text: 'Refresh required',
        color: 'warning',
        timer: TOAST_MS.long,
        top: true,
        close: true,
        multiline: true,
        confirmTitle: 'Refresh map',
        handleConfirm,
      }),
    );
    const el = await screen.findByTestId('toast');
    expect(el).toHaveTextContent('Refresh required');
    expect(el).toHaveAttribute('data-color', 'warning');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('toast-confirm'));
    expect(handleConfirm).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});
