import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { testUser } from '../../../test/user.ts';
import { useSession } from '../../session/index.ts';
import { wireArea, wireAsset } from '../test-data.ts';
import type { DetailsSelection } from '../types.ts';
import { useFlyTarget } from './use-fly-target.ts';

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useFlyTarget', () => {
  beforeEach(() => useSession.setState({ accessToken: 'token' }));
  afterEach(() => {
    useSession.setState({ accessToken: null });
    vi.unstubAllGlobals();
  });

  it('flies to a pipe by its length and to an area at zoom 14', async () => {
    const api = mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/datasets/7/assets/1042': { body: wireAsset({ length: 5 }) },
      'GET /api/datasets/7/areas/mesh/M-7': { body: wireArea() },
    });
    const { result, rerender } = renderHook(
      ({ selection }: { selection: DetailsSelection | null }) => useFlyTarget(7, selection),
      { wrapper, initialProps: { selection: { layerGroup: 'pipes', id: 1042 } } },
    );
    await waitFor(() => expect(result.current?.zoom).toBe(17));
    rerender({ selection: { layerGroup: 'mesh', id: 'M-7' } });
    await waitFor(() => expect(result.current?.zoom).toBe(14));
    rerender({ selection: null });
    expect(result.current).toBeNull();
    expect(api.find('GET /api/datasets/7/vis/0')).toEqual([]);
  });
});
