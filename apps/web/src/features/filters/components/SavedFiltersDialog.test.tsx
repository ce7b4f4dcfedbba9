import { toIsoDate, type SavedFilterFilters } from '@pipewise/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { SavedFiltersDialog, type SavedFiltersDialogMode } from './SavedFiltersDialog.tsx';

const filters: SavedFilterFilters = {
  active_pipe_layer_group: 'pipes',
  scalar_type: [{ key: 'cof', values: [4, 5] }],
  slider_type: [{ key: 'installYear', low_input: 1900, high_input: null }],
  boundary_type: [],
};

const saved = (id: number, name: string) => ({
  id,
  name,
  snapshot_id: 7,
  job_planner_scenario: null,
  filters,
  lof_type: 'lof',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
});

function open(mode: SavedFiltersDialogMode) {
  const onApply = vi.fn();
  const onClose = vi.fn();
  renderWithApp(
    <SavedFiltersDialog
      open
      mode={mode}
      snapshotId={7}
      current={{ filters, lofType: 'rank' }}
      onApply={onApply}
      onClose={onClose}
    />,
  );
  return { onApply, onClose, user: userEvent.setup() };
}

describe('SavedFiltersDialog', () => {
  beforeAll(() => i18n.loadNamespaces(['filters', 'views']));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('creates with a generated default name (FILT-FAV-01/03)', async () => {
    const api = mockApi({
      'GET /api/saved-filters': { body: { saved_filters: [saved(1, 'A'), saved(2, 'B')] } },
      'POST /api/saved-filters': (call) => ({
        status: 201,
        body: { ...saved(3, 'x'), ...(call.body as object) },
      }),
    });
    const { onClose, user } = open('create');
    const name = (await screen.findByTestId('saved-filter-name')) as HTMLInputElement;
    const today = toIsoDate(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(name.value).toBe(`Filter 3 (${today})`);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Old mains');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.find('POST /api/saved-filters')[0]?.body).toEqual({
      snapshot_id: 7,
      name: 'Old mains',
      filters,
      lof_type: 'rank',
      job_planner_scenario: null,
    });
    expect(api.find('GET /api/saved-filters').length).toBeGreaterThan(0);
  });

  it('requires a name', async () => {
    const api = mockApi({ 'GET /api/saved-filters': { body: { saved_filters: [] } } });
    const { onClose, user } = open('create');
    await user.clear(await screen.findByTestId('saved-filter-name'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Enter a name')).toBeInTheDocument();
    expect(api.find('POST /api/saved-filters')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reports a failed save silently and closes (FILT-FAV-04)', async () => {
    mockApi({
      'GET /api/saved-filters': { body: { saved_filters: [] } },
      'POST /api/saved-filters': { status: 500, body: { status: 500, message: 'boom' } },
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { onClose, user } = open('create');
    await screen.findByTestId('saved-filter-name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(error).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists saved filters with Apply and Delete (FILT-FAV-02)', async () => {
    let list = [saved(1, 'Old mains'), saved(2, 'Big pipes')];
    const api = mockApi({
      'GET /api/saved-filters': () => ({ body: { saved_filters: list } }),
      'DELETE /api/saved-filters/2': () => {
        list = list.filter((s) => s.id !== 2);
        return { status: 204 };
      },
    });
    const { onApply, onClose, user } = open('read');
    const items = await screen.findAllByTestId('saved-filter');
    expect(items).toHaveLength(2);
    await user.click(within(items[1]!).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('saved-filter')).toHaveLength(1));
    expect(api.find('DELETE /api/saved-filters/2')).toHaveLength(1);
    await user.click(within(screen.getByTestId('saved-filter')).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({ id: 1, name: 'Old mains', lofType: 'lof' }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('says when there are none', async () => {
    mockApi({ 'GET /api/saved-filters': { body: { saved_filters: [] } } });
    open('read');
    expect(await screen.findByText('No saved filters yet.')).toBeInTheDocument();
  });
});
