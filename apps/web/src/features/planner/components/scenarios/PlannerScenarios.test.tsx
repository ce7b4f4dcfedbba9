import { toIsoDate } from '@pipewise/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialogHost } from '../../../../components/confirm-dialog/index.ts';
import { useToastStore } from '../../../../components/toast/index.ts';
import { i18n } from '../../../../lib/i18n.ts';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../../test/render.tsx';
import { resetPlannerStore, usePlannerStore } from '../../state.ts';
import { plannerUser, savedFilter, scenario, wireFilters } from '../../test-data.ts';
import { PlannerScenarios } from './PlannerScenarios.tsx';

const TZ = 'Europe/Berlin';

function open({ unsaved = false, user = plannerUser({ time_zone: TZ }) } = {}) {
  const bridge = {
    unsaved,
    currentFilters: vi.fn(() => ({ filters: wireFilters as never, lofType: 'installYear' })),
    onLoadFilters: vi.fn(),
    onFiltersSaved: vi.fn(),
  };
  renderWithApp(
    <>
      <PlannerScenarios user={user} datasetId={3} snapshotId={7} {...bridge} />
      <ConfirmDialogHost />
    </>,
  );
  return { bridge, user: userEvent.setup() };
}

const items = () => screen.findAllByTestId('planner-scenario');
const item = async (name: string) => (await items()).find((el) => el.textContent?.includes(name))!;
const LIST = {
  'GET /api/planner-scenarios': {
    body: { job_planner_scenarios: [scenario(1, 'Job 1', { saved_filters: 9 }), scenario(2, 'Job 2')] },
  },
};

describe('PlannerScenarios', () => {
  beforeAll(() => i18n.loadNamespaces(['planner']));
  beforeEach(() => {
    resetPlannerStore(3);
    useToastStore.setState({ toast: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('PLAN-SCN-03/11/13: creates “Job N (date)” from today to a week later', async () => {
    const api = mockApi({ ...LIST, 'POST /api/planner-scenarios': { status: 201, body: scenario(3, 'x') } });
    const { user } = open();
    await items();
    await user.click(screen.getByTestId('scenario-create'));
    await waitFor(() => expect(api.find('POST /api/planner-scenarios')).toHaveLength(1));
    const today = toIsoDate(new Date(), TZ)!;
    const week = toIsoDate(new Date(Date.now() + 7 * 86_400_000), TZ)!;
    expect(api.find('POST /api/planner-scenarios')[0]?.body).toEqual({
      snapshot_id: 7,
      name: `Job 3 (${today})`,
      start_date: today,
      end_date: week,
    });
  });

  it('PLAN-SCN-04: selecting loads the filters; clicking again folds it; none saved loads none', async () => {
    const api = mockApi({
      ...LIST,
      'GET /api/planner-scenarios/1/filters': { body: savedFilter(9, 1) },
      'GET /api/planner-scenarios/2/filters': { status: 404, body: { message: 'Not found' } },
    });
    const { bridge, user } = open();
    await user.click(within(await item('Job 1')).getByText('Job 1'));
    await waitFor(() => expect(bridge.onLoadFilters).toHaveBeenCalledTimes(1));
    expect(bridge.onLoadFilters.mock.calls[0]?.[0]).toMatchObject({ id: 9, lofType: 'installYear' });
    expect(await item('Job 1')).toHaveAttribute('data-selected', 'true');
    expect(screen.getByTestId('scenario-save-filters')).toBeInTheDocument();

    await user.click(within(await item('Job 1')).getByText('Job 1'));
    expect(await item('Job 1')).toHaveAttribute('data-collapsed', 'true');
    expect(screen.queryByTestId('scenario-save-filters')).not.toBeInTheDocument();
    expect(bridge.onLoadFilters).toHaveBeenCalledTimes(1);

    await user.click(within(await item('Job 2')).getByText('Job 2'));
    await waitFor(() => expect(bridge.onLoadFilters).toHaveBeenLastCalledWith(null));
    // Issue 36: a scenario with nothing saved is not asked for its filters (no 404 in the console).
    expect(api.find('GET /api/planner-scenarios/2/filters')).toHaveLength(0);
  });

  it('PLAN-SCN-05…07: Enter or the check saves a rename; Esc or the close icon cancels; empty is not sent', async () => {
    const api = mockApi({ ...LIST, 'PATCH /api/planner-scenarios/1': { body: scenario(1, 'Renamed') } });
    const { user } = open();
    const rename = async () => {
      await user.click(within(await item('Job 1')).getByTestId('scenario-rename'));
      const input = screen.getByTestId('scenario-name-input');
      await user.clear(input);
      return input;
    };
    await user.type(await rename(), 'Renamed{Enter}');
    await waitFor(() => expect(api.find('PATCH /api/planner-scenarios/1')).toHaveLength(1));
    expect(api.find('PATCH /api/planner-scenarios/1')[0]?.body).toEqual({ name: 'Renamed' });

    await user.type(await rename(), 'Other{Escape}');
    expect(screen.queryByTestId('scenario-name-input')).not.toBeInTheDocument();
    await user.type(await rename(), 'Closed');
    await user.click(screen.getByTestId('scenario-name-cancel'));
    await user.type(await rename(), '   ');
    await user.click(screen.getByTestId('scenario-name-save'));
    await user.type(await rename(), 'By check');
    await user.click(screen.getByTestId('scenario-name-save'));
    await waitFor(() => expect(api.find('PATCH /api/planner-scenarios/1')).toHaveLength(2));
    expect(api.find('PATCH /api/planner-scenarios/1')[1]?.body).toEqual({ name: 'By check' });
  });

  it('spec 000 §8: saving filters into the scenario toasts success for 3 s and clears the unsaved flag', async () => {
    const api = mockApi({
      ...LIST,
      'GET /api/planner-scenarios/1/filters': { status: 404, body: {} },
      'PUT /api/planner-scenarios/1/filters': { body: savedFilter(9, 1) },
    });
    const { bridge, user } = open({ unsaved: true });
    await user.click(within(await item('Job 1')).getByText('Job 1'));
    await user.click(await screen.findByTestId('scenario-save-filters'));
    await waitFor(() => expect(bridge.onFiltersSaved).toHaveBeenCalled());
    expect(api.find('PUT /api/planner-scenarios/1/filters')[0]?.body).toEqual({
      filters: wireFilters,
      lof_type: 'installYear',
    });
    expect(useToastStore.getState().toast).toMatchObject({
      text: 'The filters were saved to the scenario.',
      color: 'success',
      timer: 3000,
    });
  });

  it('spec 000 §8: a failed save toasts the failure for 3 s and leaves the flag', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      ...LIST,
      'GET /api/planner-scenarios/1/filters': { status: 404, body: {} },
      'PUT /api/planner-scenarios/1/filters': { status: 500, body: { message: 'boom' } },
    });
    const { bridge, user } = open({ unsaved: true });
    await user.click(within(await item('Job 1')).getByText('Job 1'));
    await user.click(await screen.findByTestId('scenario-save-filters'));
    await waitFor(() =>
      expect(useToastStore.getState().toast).toMatchObject({
        text: 'The filters could not be saved to the scenario.',
        color: 'error',
        timer: 3000,
      }),
    );
    expect(bridge.onFiltersSaved).not.toHaveBeenCalled();
  });

  it('PLAN-SCN-09: switching with unsaved changes asks; Discard switches, Save saves into the one left first', async () => {
    const api = mockApi({
      ...LIST,
      'GET /api/planner-scenarios/2/filters': { body: savedFilter(8, 2) },
      'PUT /api/planner-scenarios/1/filters': { body: savedFilter(9, 1) },
    });
    act(() => usePlannerStore.setState({ scenario: { selectedId: 1, collapsed: false } }));
    const { bridge, user } = open({ unsaved: true });
    await user.click(within(await item('Job 2')).getByText('Job 2'));
    const dialog = await screen.findByTestId('unsaved-dialog');
    expect(dialog).toHaveTextContent('Job 1');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByTestId('unsaved-dialog')).not.toBeInTheDocument());
    expect(bridge.onLoadFilters).not.toHaveBeenCalled();

    await user.click(within(await item('Job 2')).getByText('Job 2'));
    await user.click(await screen.findByTestId('unsaved-save'));
    await waitFor(() => expect(bridge.onLoadFilters).toHaveBeenCalledTimes(1));
    expect(api.find('PUT /api/planner-scenarios/1/filters')).toHaveLength(1);
    expect(usePlannerStore.getState().scenario.selectedId).toBe(2);

    act(() => usePlannerStore.setState({ scenario: { selectedId: 1, collapsed: false } }));
    await user.click(within(await item('Job 2')).getByText('Job 2'));
    await user.click(await screen.findByTestId('unsaved-discard'));
    await waitFor(() => expect(bridge.onLoadFilters).toHaveBeenCalledTimes(2));
    expect(api.find('PUT /api/planner-scenarios/1/filters')).toHaveLength(1);
  });

  it('PLAN-SCN-08: deletes after confirmation', async () => {
    const api = mockApi({ ...LIST, 'DELETE /api/planner-scenarios/2': { status: 204 } });
    const { user } = open();
    await user.click(within(await item('Job 2')).getByTestId('scenario-delete'));
    await user.click(await screen.findByRole('button', { name: 'Delete scenario' }));
    await waitFor(() => expect(api.find('DELETE /api/planner-scenarios/2')).toHaveLength(1));
  });

  it('offers viewers and demo accounts no write actions', async () => {
    mockApi(LIST);
    open({ user: plannerUser({ permission_group_type_code: 3 }) });
    await items();
    expect(screen.queryByTestId('scenario-create')).not.toBeInTheDocument();
    expect(screen.queryByTestId('scenario-rename')).not.toBeInTheDocument();
    expect(screen.queryByTestId('scenario-delete')).not.toBeInTheDocument();
  });
});
