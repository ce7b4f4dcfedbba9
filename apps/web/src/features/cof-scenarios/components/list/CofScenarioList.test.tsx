import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialogHost } from '../../../../components/confirm-dialog/index.ts';
import { useToastStore } from '../../../../components/toast/index.ts';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../../test/render.tsx';
import { viewer, wireScenario } from '../../test-data.ts';
import { CofScenarioList } from './CofScenarioList.tsx';

const LIST = {
  cof_scenarios: [
    wireScenario(2, 'Wet year', {
      type: 2,
      runs: [{ dataset_id: 3, state: 'running', analysis_id: 9, progress: 40, stage: 'cof' }],
    }),
    wireScenario(1, 'Old mains', { enabled: false }),
  ],
  default_scenario: wireScenario(null, 'COF default', {
    enabled: true,
    runs: [{ dataset_id: 3, state: 'current', analysis_id: 8, progress: null, stage: null }],
  }),
};

function open(over: Record<string, unknown> = {}, onApplied = vi.fn()) {
  const result = renderWithApp(
    <>
      <CofScenarioList
        snapshotGroupId={7}
        groupName="Demo town"
        viewer={viewer(over)}
        onApplied={onApplied}
      />
      <ConfirmDialogHost />
    </>,
    { routes: ['/cof/scenarios/:id'] },
  );
  return { ...result, user: userEvent.setup(), onApplied };
}

describe('CofScenarioList', { timeout: 20_000 }, () => {
  beforeEach(() => useToastStore.setState({ toast: null }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('COF-RT-01: lists the default read-only first, then the saved ones with type and run state', async () => {
    const api = mockApi({ 'GET /api/cof-scenarios': { body: LIST } });
    open();
    const def = await screen.findByTestId('cof-default-row');
    expect(within(def).getByTestId('cof-scenario-name')).toHaveTextContent('Default (USD)');
    expect(within(def).getByText('Read-only')).toBeInTheDocument();
    expect(within(def).getByTestId('run-state')).toHaveAttribute('data-state', 'current');
    const rows = screen.getAllByTestId('cof-scenario-row');
    expect(rows.map((r) => within(r).getByTestId('cof-scenario-name').textContent)).toEqual([
      'Wet year',
      'Old mains',
    ]);
    expect(within(rows[0]!).getByTestId('scenario-type')).toHaveTextContent('Valve isolation');
    expect(within(rows[0]!).getByTestId('run-state')).toHaveAttribute('data-state', 'running');
    expect(within(rows[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(rows[1]!).getByTestId('run-state')).toHaveTextContent('Not applied');
    expect(api.calls[0]?.path).toBe('/api/cof-scenarios');
    expect(api.fetchMock.mock.calls[0]?.[0]).toContain('snapshot_id=7');
  });

  it('asks before using a scenario, since COF and BRE run again, then enables it', async () => {
    const api = mockApi({
      'GET /api/cof-scenarios': { body: LIST },
      'PATCH /api/cof-scenarios/1': { body: wireScenario(1, 'Old mains', { enabled: true }) },
    });
    const { user, onApplied } = open();
    const row = (await screen.findAllByTestId('cof-scenario-row'))[1]!;
    await user.click(within(row).getByRole('switch', { name: 'Use Old mains' }));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Use “Old mains” for this network?');
    expect(dialog).toHaveTextContent('COF and BRE are calculated again');

    await user.click(within(dialog).getByTestId('confirm-cancel'));
    // The dialog hides the page from assistive technology until it has closed.
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(api.find('PATCH /api/cof-scenarios/1')).toHaveLength(0);

    await user.click(within(row).getByRole('switch', { name: 'Use Old mains' }));
    await user.click(await screen.findByTestId('confirm-action'));
    await waitFor(() => expect(api.find('PATCH /api/cof-scenarios/1')).toHaveLength(1));
    expect(api.find('PATCH /api/cof-scenarios/1')[0]?.body).toEqual({ enabled: true });
    await waitFor(() => expect(onApplied).toHaveBeenCalled());
    expect(useToastStore.getState().toast?.text).toBe(
      '“Old mains” is now in use. COF and BRE are being calculated again.',
    );
  });

  it('copies the default into a new scenario and opens it', async () => {
    const api = mockApi({
      'GET /api/cof-scenarios': { body: LIST },
      'POST /api/cof-scenarios': { status: 201, body: wireScenario(5, 'Copy of Default (USD)') },
    });
    const { user, router } = open();
    await user.click(await screen.findByTestId('cof-copy-default'));
    expect(screen.getByTestId('cof-create-name')).toHaveValue('Copy of Default (USD)');
    await user.click(screen.getByTestId('cof-create-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cof/scenarios/5'));
    expect(api.find('POST /api/cof-scenarios')[0]?.body).toEqual({
      snapshot_id: 7,
      name: 'Copy of Default (USD)',
      copy_of: null,
    });
  });

  it('deletes after asking, warning when the scenario is in use', async () => {
    const list = { ...LIST, cof_scenarios: [wireScenario(2, 'Wet year', { enabled: true })] };
    const api = mockApi({
      'GET /api/cof-scenarios': { body: list },
      'DELETE /api/cof-scenarios/2': { status: 204 },
    });
    const { user, onApplied } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete: Wet year' }));
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent('the default takes over');
    await user.click(screen.getByTestId('confirm-action'));
    await waitFor(() => expect(api.find('DELETE /api/cof-scenarios/2')).toHaveLength(1));
    await waitFor(() => expect(onApplied).toHaveBeenCalled());
  });

  it('is read-only without the right to change scenarios: no create, copy or delete, switches off', async () => {
    mockApi({ 'GET /api/cof-scenarios': { body: LIST } });
    open({ permission_group_type_code: 2 });
    await screen.findByTestId('cof-default-row');
    expect(screen.getByTestId('cof-read-only')).toBeInTheDocument();
    expect(screen.queryByTestId('cof-create')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cof-copy-default')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cof-scenario-delete')).not.toBeInTheDocument();
    for (const s of screen.getAllByRole('switch')) expect(s).toBeDisabled();
    // They can still open a scenario to look at it.
    expect(screen.getAllByRole('link', { name: /View: / })).toHaveLength(2);
  });

  it('is read-only for demo accounts too', async () => {
    mockApi({ 'GET /api/cof-scenarios': { body: LIST } });
    open({ is_demo: true });
    await screen.findByTestId('cof-default-row');
    expect(screen.queryByTestId('cof-create')).not.toBeInTheDocument();
  });
});
