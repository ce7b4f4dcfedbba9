import { VIEW_DEFINITIONS } from '@pipewise/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { resetFilterStore, useFilterStore } from '../state.ts';
import { FiltersPane, type FiltersPaneProps } from './FiltersPane.tsx';

const views = [VIEW_DEFINITIONS.installYear, VIEW_DEFINITIONS.cof];

function renderPane(over: Partial<FiltersPaneProps> = {}) {
  const props: FiltersPaneProps = {
    views,
    ctx: { lofMonths: 12, popYear: 2030, unitSystem: 'metric' },
    hasJobPlanner: false,
    onClose: vi.fn(),
    snapshotId: 7,
    activeView: 'installYear',
    layerGroup: 'pipes',
    onApplySaved: vi.fn(),
    ...over,
  };
  renderWithApp(<FiltersPane {...props} />);
  return { props, user: userEvent.setup() };
}

describe('FiltersPane', () => {
  beforeAll(() => i18n.loadNamespaces(['filters', 'views']));
  beforeEach(() => resetFilterStore());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the Planner tab only with the job planner (FILT-PANE-02)', async () => {
    renderPane();
    expect(screen.getByRole('tab', { name: 'Standard' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Planner' })).not.toBeInTheDocument();
  });

  it('renders the planner slot in the Planner tab', async () => {
    const { user } = renderPane({ hasJobPlanner: true, plannerContent: <p>boundaries here</p> });
    await user.click(screen.getByRole('tab', { name: 'Planner' }));
    expect(screen.getByText('boundaries here')).toBeInTheDocument();
  });

  it('has one section per view and applies a checkbox change to the store', async () => {
    const { user } = renderPane();
    expect(screen.getByText('Installation year')).toBeInTheDocument();
    await user.click(screen.getByText('Consequence of failure'));
    await user.click(within(screen.getByTestId('filter-cof')).getByRole('checkbox', { name: 'Low' }));
    expect(useFilterStore.getState().applied.scalars.cof).toEqual([2, 3, 4, 5]);
    expect(screen.getByText('Filtered')).toBeInTheDocument();
  });

  it('resets the filters (FILT-PANE-03)', async () => {
    useFilterStore.getState().setRange('installYear', { low: 1900, high: null });
    const { user } = renderPane();
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(useFilterStore.getState().applied).toEqual({ ranges: {}, scalars: {} });
  });

  it('opens the favourites dialog for Save and Restore', async () => {
    mockApi({ 'GET /api/saved-filters': { body: { saved_filters: [] } } });
    const { user } = renderPane();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Save filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Saved filters')).toBeInTheDocument();
  });

  it('lets a demo account filter and restore but not save, saying why (TBD-05)', async () => {
    mockApi({ 'GET /api/saved-filters': { body: { saved_filters: [] } } });
    const { user } = renderPane({ demo: true });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.hover(save.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Filter sets cannot be saved in the demo.');
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Saved filters')).toBeInTheDocument();
  });

  it('closes', async () => {
    const { props, user } = renderPane();
    await user.click(screen.getByRole('button', { name: 'Close filters' }));
    expect(props.onClose).toHaveBeenCalled();
  });
});
