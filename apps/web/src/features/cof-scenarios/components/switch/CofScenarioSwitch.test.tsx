import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../../components/toast/index.ts';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../../test/render.tsx';
import { viewer, wireScenario } from '../../test-data.ts';
import { CofScenarioSwitch } from './CofScenarioSwitch.tsx';

const LIST = {
  cof_scenarios: [wireScenario(2, 'Wet year'), wireScenario(1, 'Old mains', { enabled: true })],
  default_scenario: wireScenario(null, 'COF default'),
};

function open(over: Record<string, unknown> = {}) {
  const result = renderWithApp(
    <CofScenarioSwitch snapshotGroupId={7} viewer={viewer(over)} refetchKeys={[['snapshot-groups']]} />,
    // The scenarios page replaces the planner while the switch runs, as in the app.
    { path: '/planner/cof', routes: ['/cof/scenarios'] },
  );
  return { ...result, user: userEvent.setup() };
}

describe('CofScenarioSwitch', () => {
  beforeEach(() => useToastStore.setState({ toast: null }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows the enabled scenario's name", async () => {
    mockApi({ 'GET /api/cof-scenarios': { body: LIST } });
    open();
    await waitFor(() => expect(screen.getByTestId('cof-scenario-switch')).toHaveTextContent('Old mains'));
  });

  // Issue 38: the button read 'Default (USD)' while the results on screen were a saved scenario's.
  it('names the cost model of the results on screen, and ticks the enabled one a re-run is bringing in', async () => {
    mockApi({ 'GET /api/cof-scenarios': { body: LIST } });
    const user = userEvent.setup();
    renderWithApp(
      <CofScenarioSwitch
        snapshotGroupId={7}
        served={{ id: 2, name: 'Wet year', currency: 'USD' }}
        viewer={viewer()}
        refetchKeys={[]}
      />,
    );
    const button = screen.getByTestId('cof-scenario-switch');
    expect(button).toHaveTextContent('Wet year');
    await user.click(button);
    const ticked = (await screen.findAllByTestId('cof-switch-option')).find((o) => o.dataset['id'] === '1');
    await waitFor(() => expect(ticked).toHaveClass('Mui-selected'));
    expect(button).toHaveTextContent('Wet year');
  });

  it('shows the default when no saved scenario is enabled', async () => {
    mockApi({
      'GET /api/cof-scenarios': { body: { ...LIST, cof_scenarios: [wireScenario(2, 'Wet year')] } },
    });
    open();
    await waitFor(() => expect(screen.getByTestId('cof-scenario-switch')).toHaveTextContent('Default (USD)'));
  });

  it('COF-SW-01…04 / TOAST-22: switching goes through the scenarios page, enables, refetches and returns', async () => {
    // Where the user is when the scenario is toggled on: the scenarios page (COF-SW-01).
    const seen: string[] = [];
    let where = () => '';
    const api = mockApi({
      'GET /api/cof-scenarios': { body: LIST },
      'PATCH /api/cof-scenarios/2': () => {
        seen.push(where());
        return { body: wireScenario(2, 'Wet year', { enabled: true }) };
      },
    });
    const { user, router, client } = open();
    where = () => router.state.location.pathname;
    client.setQueryData(['snapshot-groups'], []);
    const refetch = vi.spyOn(client, 'refetchQueries');
    await waitFor(() => expect(screen.getByTestId('cof-scenario-switch')).toHaveTextContent('Old mains'));
    await user.click(screen.getByTestId('cof-scenario-switch'));
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: 'Wet year' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/planner/cof'));
    expect(seen).toEqual(['/cof/scenarios']);
    expect(useToastStore.getState().toast).toMatchObject({
      text: 'Switching COF scenario to Wet year…',
      color: 'info',
      timer: 3_000,
    });
    expect(api.find('PATCH /api/cof-scenarios/2')[0]?.body).toEqual({ enabled: true });
    // Loaded fresh before toggling: a GET after the button's own one.
    expect(api.find('GET /api/cof-scenarios').length).toBeGreaterThanOrEqual(2);
    expect(refetch).toHaveBeenCalledWith({ queryKey: ['snapshot-groups'] });
  });

  it('lets users who may not switch see the list but not choose', async () => {
    const api = mockApi({ 'GET /api/cof-scenarios': { body: LIST } });
    const { user } = open({ permission_group_type_code: 3 });
    await waitFor(() => expect(screen.getByTestId('cof-scenario-switch')).toHaveTextContent('Old mains'));
    await user.click(screen.getByTestId('cof-scenario-switch'));
    const option = within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Wet year' });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('asks nothing of the server without the COF subscription', () => {
    const api = mockApi({});
    open({ subscriptions: ['LOF', 'JOB_PLANNER'] });
    expect(screen.queryByTestId('cof-scenario-switch')).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });
});
