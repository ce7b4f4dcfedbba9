import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { useDatasetSelection } from '../state.ts';
import { DatasetDropdown } from './DatasetDropdown.tsx';

const groups = [
  { snapshot_entity_id: 1, snapshot_group_entity_id: 11, snapshot_group_name: 'North 2025', datasets: [] },
  { snapshot_entity_id: 2, snapshot_group_entity_id: 12, snapshot_group_name: 'South 2025', datasets: [] },
];

describe('DatasetDropdown (SHELL-SUB-01…05)', () => {
  let reply: () => Response;
  beforeEach(() => {
    useDatasetSelection.setState({ currentGroupId: null, applying: false });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(reply())),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows 'No data available' when there are no snapshot groups (404 = no data)", async () => {
    reply = () => new Response('{"status":404,"message":"Not found"}', { status: 404 });
    renderWithApp(<DatasetDropdown />);
    expect(await screen.findByText('No data available')).toHaveAttribute('data-testid', 'dataset-dropdown');
  });

  it('lists groups by name; choosing one applies it and goes to /map', async () => {
    reply = () => new Response(JSON.stringify(groups), { status: 200 });
    const { router } = renderWithApp(<DatasetDropdown />, { path: '/home' });
    // The first group is current until one is chosen.
    await screen.findByText('North 2025');
    const select = screen.getByRole('combobox');
    fireEvent.mouseDown(select);
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['North 2025', 'South 2025']);
    fireEvent.click(within(listbox).getByText('South 2025'));
    expect(useDatasetSelection.getState().currentGroupId).toBe(12);
    expect(router.state.location.pathname).toBe('/map');
  });

  it('is disabled while a dataset is being applied', async () => {
    reply = () => new Response(JSON.stringify(groups), { status: 200 });
    useDatasetSelection.setState({ applying: true });
    renderWithApp(<DatasetDropdown />);
    expect(await screen.findByRole('combobox')).toHaveAttribute('aria-disabled', 'true');
  });
});
