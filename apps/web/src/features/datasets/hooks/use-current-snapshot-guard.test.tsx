import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { useSession } from '../../session/index.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { useDatasetSelection } from '../state.ts';
import { wireDataset, wireGroup, wireSnapshot } from '../test-data.ts';
import { useCurrentSnapshotGuard } from './use-current-snapshot-guard.ts';

function Probe() {
  useCurrentSnapshotGuard();
  return null;
}

describe('useCurrentSnapshotGuard (SHELL-ROUTE-06)', () => {
  beforeEach(() => {
    useDatasetSelection.setState({ noData: false });
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
  });
  afterEach(() => {
    useSession.getState().clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('on failure goes to /data, sets the no-data flag and logs the error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/snapshots/current': { status: 500, body: { message: 'down' } } });
    const { router } = renderWithApp(<Probe />, { path: '/map' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/data'));
    expect(useDatasetSelection.getState().noData).toBe(true);
    expect(error).toHaveBeenCalledWith('Loading the current snapshot failed', expect.anything());
  });

  it('a failure after a logout (no token) is none: the page being left does not send the next login to /data', async () => {
    useSession.getState().clear();
    const api = mockApi({ 'GET /api/snapshots/current': { status: 401, body: { message: 'expired' } } });
    const { router } = renderWithApp(<Probe />, { path: '/map' });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/map');
    expect(useDatasetSelection.getState().noData).toBe(false);
  });

  it('a 404 NO_DATASET is no failure: the user stays and the noData guard decides', async () => {
    const api = mockApi({
      'GET /api/snapshots/current': { status: 404, body: { code: 'NO_DATASET', message: 'none' } },
    });
    const { router } = renderWithApp(<Probe />, { path: '/home' });
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/home');
    expect(useDatasetSelection.getState().noData).toBe(false);
  });

  it('a fetched snapshot clears the flag', async () => {
    useDatasetSelection.setState({ noData: true });
    mockApi({ 'GET /api/snapshots/current': { body: wireSnapshot(wireGroup(1, 'A', [wireDataset()])) } });
    renderWithApp(<Probe />, { path: '/map' });
    await waitFor(() => expect(useDatasetSelection.getState().noData).toBe(false));
  });
});
