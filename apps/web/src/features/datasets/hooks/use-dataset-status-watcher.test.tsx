import { DATASET_STATUS } from '@pipewise/domain';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/toast/index.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { useCurrentSnapshot } from '../api/get-current-snapshot.ts';
import { DATASET_STATUS_KEY } from '../api/get-dataset-status.ts';
import { useSnapshotGroups } from '../api/get-snapshot-groups.ts';
import { onDatasetReset } from '../reset.ts';
import { wireDataset, wireGroup, wireSnapshot, wireStatus } from '../test-data.ts';
import type { DatasetStatusEntry } from '../types.ts';
import { useDatasetStatusWatcher } from './use-dataset-status-watcher.ts';

const dataset = wireDataset({ id: 42, name: 'Springfield' });
const group = wireGroup(1, 'Springfield', [dataset]);

/** The shell keeps the snapshot and groups observed, so their refetches are visible. */
function Shell() {
  useCurrentSnapshot();
  useSnapshotGroups();
  useDatasetStatusWatcher(42);
  return null;
}

function serve(first: Partial<ReturnType<typeof wireStatus>>) {
  const state = { status: wireStatus(dataset, first) };
  const api = mockApi({
    'GET /api/snapshots/current': { body: wireSnapshot(group) },
    'GET /api/snapshot-groups': { body: [group] },
    'GET /api/datasets/status': () => ({ body: [state.status] }),
    'POST /api/datasets/42/refresh-tiles': () => {
      state.status = { ...state.status, refresh_status: 'NONE' };
      return { body: { ...dataset, folder: '42-r2' } };
    },
  });
  return { api, state };
}

describe('useDatasetStatusWatcher (DATA-ST-07…17, TOAST-07/08)', () => {
  const resets: string[] = [];
  let stopResets: () => void;
  beforeEach(() => {
    resets.length = 0;
    stopResets = onDatasetReset((r) => resets.push(r));
  });
  afterEach(() => {
    stopResets();
    useToastStore.getState().hide();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('on turning COMPLETE: resets the map, clears LOF/COF/BRE, toasts ready, refetches snapshot and groups', async () => {
    const { api, state } = serve({ status: DATASET_STATUS.TILING });
    const { client } = renderWithApp(<Shell />);
    await waitFor(() => expect(api.find('GET /api/datasets/status')).toHaveLength(1));
    await waitFor(() => expect(api.find('GET /api/snapshots/current')).toHaveLength(1));
    client.setQueryData(['lof', 42], { x: 1 });
    client.setQueryData(['cof', 42], { x: 1 });
    client.setQueryData(['bre', 42], { x: 1 });
    client.setQueryData(['pipes', 42], { x: 1 });

    state.status = { ...state.status, status: DATASET_STATUS.COMPLETE };
    await client.refetchQueries({ queryKey: DATASET_STATUS_KEY });

    await waitFor(() => expect(useToastStore.getState().toast?.text).toBe('The dataset is now ready'));
    expect(resets).toEqual(['ready']);
    expect(client.getQueryData(['lof', 42])).toBeUndefined();
    expect(client.getQueryData(['cof', 42])).toBeUndefined();
    expect(client.getQueryData(['bre', 42])).toBeUndefined();
    expect(client.getQueryData(['pipes', 42])).toEqual({ x: 1 });
    await waitFor(() => expect(api.find('GET /api/snapshots/current')).toHaveLength(2));
    await waitFor(() => expect(api.find('GET /api/snapshot-groups')).toHaveLength(2));
  });

  it('does nothing when already COMPLETE at first load (DATA-ST-11)', async () => {
    const { api } = serve({ status: DATASET_STATUS.COMPLETE });
    renderWithApp(<Shell />);
    await waitFor(() => expect(api.find('GET /api/datasets/status')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(useToastStore.getState().toast).toBeNull();
    expect(resets).toEqual([]);
  });

  it("'Refresh map' clears the status, requests a tile refresh, refetches the status, clears the selection (DATA-ST-13…16)", async () => {
    const { api } = serve({ status: DATASET_STATUS.COMPLETE, refresh_status: 'LOF' });
    const { client } = renderWithApp(<Shell />);
    await waitFor(() => expect(useToastStore.getState().toast?.confirmTitle).toBe('Refresh map'));
    const toast = useToastStore.getState().toast!;
    expect(toast).toMatchObject({ color: 'warning', text: expect.stringContaining('Refresh the map') });

    toast.handleConfirm?.();
    const cached = client.getQueryData<DatasetStatusEntry[]>([...DATASET_STATUS_KEY, 42]);
    expect(cached?.[0]?.refreshStatus).toBe('NONE');
    expect(resets).toEqual(['selection']);
    await waitFor(() => expect(api.find('POST /api/datasets/42/refresh-tiles')).toHaveLength(1));
    await waitFor(() => expect(api.find('GET /api/datasets/status')).toHaveLength(2));
    const order = api.calls.map((c) => `${c.method} ${c.path}`);
    expect(order.indexOf('POST /api/datasets/42/refresh-tiles')).toBeLessThan(
      order.lastIndexOf('GET /api/datasets/status'),
    );
  });

  it("logs 'current status not found' when the list lacks the current dataset (DATA-ST-17)", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'GET /api/snapshots/current': { body: wireSnapshot(group) },
      'GET /api/snapshot-groups': { body: [group] },
      'GET /api/datasets/status': { body: [wireStatus(wireDataset({ id: 7 }))] },
    });
    renderWithApp(<Shell />);
    await waitFor(() => expect(error).toHaveBeenCalledWith('current status not found'));
  });
});
