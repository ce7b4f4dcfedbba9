import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { selectPopulationQuantiles, usePresentProperties } from './get-tile-properties.ts';

describe('selectPopulationQuantiles', () => {
  const data = { populationQuantiles: { '2030': [0, 5, 10], '2040': [] } };

  it('gives the quantiles of the year, or null when the year has none or nothing is loaded', () => {
    expect(selectPopulationQuantiles(data, 2030)).toEqual([0, 5, 10]);
    expect(selectPopulationQuantiles(data, 2040)).toBeNull();
    expect(selectPopulationQuantiles(data, 2050)).toBeNull();
    expect(selectPopulationQuantiles(undefined, 2030)).toBeNull();
  });
});

describe('usePresentProperties (LAYER-29…31)', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  );
  const answer = (body: object) => ({ body: { tile_revision: 3, population_quantiles: {}, ...body } });
  afterEach(() => vi.restoreAllMocks());

  it('polls every second while the first analysis runs, then gives the properties present', async () => {
    let calls = 0;
    mockApi({
      'GET /api/datasets/7/tile-properties': () =>
        ++calls < 2
          ? answer({ ready: false, valid_feature_props: [] })
          : answer({ ready: true, valid_feature_props: ['lof_12', 'install_year'] }),
    });
    const { result } = renderHook(() => usePresentProperties(7, '7-r3'), { wrapper });
    // Not ready: null (every view offered), not an empty set that would hide them all.
    await waitFor(() => expect(calls).toBe(1));
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).toEqual(new Set(['lof_12', 'install_year'])), {
      timeout: 3_000,
    });
    expect(calls).toBe(2);
  });

  it('logs a failure and a missing list, and shows every view (null)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi({
      'GET /api/datasets/7/tile-properties': { status: 500, body: { status: 500, message: 'boom' } },
      'GET /api/datasets/8/tile-properties': answer({ ready: true }),
    });
    const failed = renderHook(() => usePresentProperties(7, '7-r3'), { wrapper });
    await waitFor(
      () => expect(error).toHaveBeenCalledWith('Loading the tile properties failed', expect.anything()),
      {
        timeout: 5_000,
      },
    );
    expect(failed.result.current).toBeNull();
    const missing = renderHook(() => usePresentProperties(8, '8-r1'), { wrapper });
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('The tile properties carry no valid_feature_props'),
    );
    expect(missing.result.current).toBeNull();
  });
});
