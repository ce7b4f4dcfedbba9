import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tilePropertiesKey } from '../../features/map-settings/api/get-tile-properties.ts';
import { useFiltersRefresh } from './use-filters-refresh.ts';

function setup(open: boolean) {
  const client = new QueryClient();
  client.setQueryData(tilePropertiesKey(7, '7-r2'), { ready: true });
  client.setQueryData(tilePropertiesKey(8, '8-r1'), { ready: true });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ o }) => useFiltersRefresh(o, 7), { wrapper, initialProps: { o: open } });
  return { client, invalidate, hook };
}

describe('useFiltersRefresh (FILT-PANE-04)', () => {
  afterEach(() => vi.useRealTimers());

  it('fetches the dataset’s tile properties again 500 ms after the pane opens, not before', () => {
    vi.useFakeTimers();
    const { client, invalidate, hook } = setup(false);
    hook.rerender({ o: true });
    vi.advanceTimersByTime(499);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(tilePropertiesKey(7, '7-r2'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(tilePropertiesKey(8, '8-r1'))?.isInvalidated).toBe(false);
  });

  it('does nothing when the pane closes within the 500 ms or stays shut', () => {
    vi.useFakeTimers();
    const { invalidate, hook } = setup(true);
    vi.advanceTimersByTime(200);
    hook.rerender({ o: false });
    vi.advanceTimersByTime(1_000);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
