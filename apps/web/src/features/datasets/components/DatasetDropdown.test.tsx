import { DATASET_STATUS } from '@pipewise/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/toast/index.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { onDatasetReset } from '../reset.ts';
import { useDatasetSelection } from '../state.ts';
import { wireDataset, wireGroup, wireSnapshot } from '../test-data.ts';
import { DatasetDropdown } from './DatasetDropdown.tsx';

const north = wireGroup(11, 'North 2025', [wireDataset({ id: 1, name: 'North' })]);
const south = wireGroup(12, 'South 2025', [
  wireDataset({ id: 2, name: 'South', status: DATASET_STATUS.PREPROCESS }),
]);

/** A server whose current snapshot follows set-current, as the real one does. */
function serverWith(groups = [north, south], setCurrent: { status: number } = { status: 204 }) {
  let current = wireSnapshot(groups[0]!);
  return mockApi({
    'GET /api/snapshot-groups': { body: groups },
    'GET /api/snapshots/current': () => ({ body: current }),
    'GET /api/snapshots/set-current': () => {
      if (setCurrent.status < 300) current = wireSnapshot(groups[1]!);
      return setCurrent.status < 300
        ? { status: 204 }
        : { status: setCurrent.status, body: { message: 'no' } };
    },
  });
}

function recordToasts() {
  const seen: { text: string; color: string; timer: number }[] = [];
  const stop = useToastStore.subscribe((s) => {
    if (s.toast) seen.push({ text: s.toast.text, color: s.toast.color, timer: s.toast.timer });
  });
  return { seen, stop };
}

async function choose(name: string) {
  const combobox = await screen.findByRole('combobox');
  // Disabled until the groups are in.
  await waitFor(() => expect(combobox).not.toHaveAttribute('aria-disabled'));
  fireEvent.mouseDown(combobox);
  fireEvent.click(within(await screen.findByRole('listbox')).getByText(name));
}

describe('DatasetDropdown (SHELL-SUB-01…05, DATA-SW-01…07)', () => {
  let toasts: ReturnType<typeof recordToasts>;
  beforeEach(() => {
    useDatasetSelection.setState({ applying: false, noData: false });
    toasts = recordToasts();
  });
  afterEach(() => {
    toasts.stop();
    useToastStore.getState().hide();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows 'No data available' when there are no snapshot groups (404 = no data)", async () => {
    mockApi({});
    renderWithApp(<DatasetDropdown />);
    expect(await screen.findByText('No data available')).toHaveAttribute('data-testid', 'dataset-dropdown');
  });

  it('lists groups by name and shows the current one from the current snapshot', async () => {
    mockApi({
      'GET /api/snapshot-groups': { body: [north, south] },
      'GET /api/snapshots/current': { body: wireSnapshot(south) },
    });
    renderWithApp(<DatasetDropdown />);
    await waitFor(() => expect(screen.getByRole('combobox')).toHaveTextContent('South 2025'));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['North 2025', 'South 2025']);
  });

  it('switches: resets the stores, tells the server, reloads the snapshot, toasts in order, goes to /map', async () => {
    const api = serverWith();
    const resets: string[] = [];
    const stop = onDatasetReset((reason) => resets.push(reason));
    const { router } = renderWithApp(<DatasetDropdown />, { path: '/home' });
    await waitFor(() => expect(screen.getByRole('combobox')).toHaveTextContent('North 2025'));
    await choose('South 2025');

    await waitFor(() => expect(router.state.location.pathname).toBe('/map'));
    stop();
    expect(resets).toEqual(['switch']);
    const urls = api.fetchMock.mock.calls.map(([url]) => String(url));
    const switchAt = urls.indexOf('/api/snapshots/set-current?snapshot_group=12&dataset=2');
    expect(switchAt).toBeGreaterThan(-1);
    expect(urls.slice(switchAt)).toEqual([
      '/api/snapshots/set-current?snapshot_group=12&dataset=2',
      '/api/snapshots/current',
    ]);
    expect(toasts.seen).toEqual([
      {
        text: 'The analysis of this dataset is still running; results appear when it completes.',
        color: 'warning',
        timer: 5000,
      },
      { text: 'Switching to South…', color: 'info', timer: 3000 },
      { text: 'Now showing South', color: 'success', timer: 3000 },
    ]);
    expect(screen.getByRole('combobox')).toHaveTextContent('South 2025');
    expect(useDatasetSelection.getState().applying).toBe(false);
  });

  it('stays on /map when the user is already there, and says nothing about processing when complete', async () => {
    serverWith([north, wireGroup(12, 'South 2025', [wireDataset({ id: 2, name: 'South' })])]);
    const { router } = renderWithApp(<DatasetDropdown />, { path: '/map/lof' });
    await choose('South 2025');
    await waitFor(() => expect(toasts.seen.map((t) => t.color)).toEqual(['info', 'success']));
    expect(router.state.location.pathname).toBe('/map/lof');
  });

  it('stays in the planner when the user switches there: the planner is a map page too', async () => {
    serverWith([north, wireGroup(12, 'South 2025', [wireDataset({ id: 2, name: 'South' })])]);
    const { router } = renderWithApp(<DatasetDropdown />, { path: '/planner' });
    await choose('South 2025');
    await waitFor(() => expect(toasts.seen.map((t) => t.color)).toEqual(['info', 'success']));
    expect(router.state.location.pathname).toBe('/planner');
  });

  it('names no network until the current snapshot is in, then the current one (not the first group)', async () => {
    let answer: (() => void) | undefined;
    mockApi({
      'GET /api/snapshot-groups': { body: [north, south] },
      'GET /api/snapshots/current': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: wireSnapshot(south) });
        }),
    });
    renderWithApp(<DatasetDropdown />);
    const combobox = await screen.findByRole('combobox');
    await waitFor(() => expect(answer).toBeDefined());
    expect(combobox).not.toHaveTextContent('North 2025');
    expect(screen.getByTestId('dataset-dropdown')).toHaveAttribute('data-ready', 'false');
    answer!();
    await waitFor(() => expect(combobox).toHaveTextContent('South 2025'));
    expect(screen.getByTestId('dataset-dropdown')).toHaveAttribute('data-ready', 'true');
  });

  it('stops with an error toast when the dataset has no centre (DATA-SW-06, TOAST-03)', async () => {
    const api = serverWith([
      north,
      wireGroup(12, 'Empty', [wireDataset({ id: 3, name: 'Empty', center: null })]),
    ]);
    const { router } = renderWithApp(<DatasetDropdown />, { path: '/home' });
    await choose('Empty');
    await waitFor(() => expect(toasts.seen).toHaveLength(1));
    expect(toasts.seen[0]).toMatchObject({
      color: 'error',
      text: '“Empty” has no map centre yet, so it cannot be shown.',
    });
    expect(api.find('GET /api/snapshots/set-current')).toEqual([]);
    expect(router.state.location.pathname).toBe('/home');
  });

  it('a failed switch is only logged and the dropdown is enabled again (DATA-SW-07)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serverWith([north, south], { status: 500 });
    const { router } = renderWithApp(<DatasetDropdown />, { path: '/home' });
    await choose('South 2025');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Switching dataset failed', expect.anything()));
    expect(useDatasetSelection.getState().applying).toBe(false);
    expect(screen.getByRole('combobox')).not.toHaveAttribute('aria-disabled');
    expect(toasts.seen.map((t) => t.color)).not.toContain('success');
    expect(router.state.location.pathname).toBe('/home');
  });

  it('is disabled while a dataset is being applied (SHELL-SUB-03)', async () => {
    serverWith();
    useDatasetSelection.setState({ applying: true });
    renderWithApp(<DatasetDropdown />);
    expect(await screen.findByRole('combobox')).toHaveAttribute('aria-disabled', 'true');
  });
});
