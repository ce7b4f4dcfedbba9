import { PERMISSION_GROUP } from '@pipewise/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../components/toast/index.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { testUser } from '../../../test/user.ts';
import { CURRENT_SNAPSHOT_KEY, DATASET_STATUS_KEY } from '../../datasets/index.ts';
import { useSession } from '../../session/index.ts';
import { wireAsset } from '../test-data.ts';
import { DetailsPane, type DetailsPaneProps } from './DetailsPane.tsx';

type Over = Record<string, unknown>;

function serve({ user = {}, asset = {}, routes = {} }: { user?: Over; asset?: Over; routes?: Over } = {}) {
  return mockApi({
    'GET /api/user/info': { body: testUser(user) },
    'GET /api/datasets/7/assets/1042': { body: wireAsset(asset) },
    'GET /api/datasets/7/assessments/cof': {
      body: { id: 9, currency: 'USD', scenario_id: null, scenario_name: 'Default (USD)' },
    },
    'GET /api/datasets/7/assessments/bre': { body: { id: 9, currency: 'USD' } },
    ...(routes as Parameters<typeof mockApi>[0]),
  });
}

function renderPane(props: Partial<DetailsPaneProps> = {}) {
  const onClose = vi.fn();
  const result = renderWithApp(
    <DetailsPane
      datasetId={7}
      datasetOrigin={1}
      selection={{ layerGroup: 'pipes', id: 1042 }}
      onClose={onClose}
      {...props}
    />,
  );
  return { ...result, onClose };
}

const open = (panel: string) => fireEvent.click(screen.getByTestId(`details-panel-${panel}-toggle`));
const ALL = ['COF', 'BRE', 'LOF', 'RUL', 'POPULATION', 'VP'];

describe('DetailsPane: pipe', () => {
  beforeEach(() => useSession.setState({ accessToken: 'token' }));
  afterEach(() => {
    useSession.setState({ accessToken: null });
    useToastStore.getState().hide();
    vi.unstubAllGlobals();
  });

  it('shows id, native id, address and the summary in the user units and language (DET-PIPE-01/02)', async () => {
    serve({ user: { subscriptions: ALL } });
    const { onClose } = renderPane();
    expect(screen.getByTestId('details-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('pipe-id')).toHaveTextContent('Pipe 1042');
    expect(screen.getByTestId('pipe-native-id')).toHaveTextContent('P-1042');
    expect(screen.getByTestId('pipe-address')).toHaveTextContent('12 Elm Street, Springfield');
    expect(screen.getByTestId('summary-length')).toHaveTextContent('250 m');
    expect(screen.getByTestId('summary-diameter')).toHaveTextContent('150 mm');
    expect(screen.getByTestId('summary-install-year')).toHaveTextContent('1965');
    expect(screen.getByTestId('summary-material')).toHaveTextContent('Cast iron');
    fireEvent.click(screen.getByTestId('details-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('converts to imperial units for an imperial user', async () => {
    const imperial = { segment: 'ft', diameter: 'in', segment_large: 'mi' };
    serve({ user: { units: { language: 'en', default: imperial, user: imperial, currency_code: 'USD' } } });
    renderPane();
    expect(await screen.findByTestId('summary-length')).toHaveTextContent('820.2 ft');
    expect(screen.getByTestId('summary-diameter')).toHaveTextContent('5.9 in');
  });

  it('shows the AI edit icon only for non-provided values with VP: red when overridden, blue otherwise', async () => {
    serve({ user: { subscriptions: ['VP'] } });
    renderPane();
    const year = await screen.findByTestId('attribute-installYear-edit');
    expect(year).toHaveAttribute('data-state', 'imputed');
    expect(year.className).toContain('MuiIconButton-colorInfo');
    const material = screen.getByTestId('attribute-materialTypeCode-edit');
    expect(material).toHaveAttribute('data-state', 'overridden');
    expect(material.className).toContain('MuiIconButton-colorError');
    expect(screen.queryByTestId('attribute-diameter-edit')).toBeNull();
    expect(screen.getByTestId('attribute-diameter-status')).toHaveTextContent('Provided');
  });

  it('shows an attribute left unknown as Unknown, not Provided, and offers to correct it (issue 15)', async () => {
    serve({
      user: { subscriptions: ['VP'] },
      asset: {
        install_year: null,
        install_year_status: 0,
        imputed_install_year: null,
        install_year_likelihood: null,
      },
    });
    renderPane();
    const status = await screen.findByTestId('attribute-installYear-status');
    expect(status).toHaveTextContent('Unknown');
    expect(screen.getByTestId('attribute-installYear-value')).toHaveTextContent('n/a');
    expect(screen.getByTestId('attribute-installYear-edit')).toHaveAttribute('data-state', 'unknown');
    expect(screen.getByTestId('attribute-diameter-status')).toHaveTextContent('Provided');
  });

  it('links a pipe with a value not provided to its row of the virtual pipes table, with VP only', async () => {
    serve({ user: { subscriptions: ['VP'] } });
    const { unmount } = renderPane();
    const link = await screen.findByTestId('attributes-open-virtual-pipes');
    expect(link).toHaveAttribute('href', '/data/virtual-pipes?pipe=1042');
    expect(link).toHaveTextContent('Open in the virtual pipes table');
    unmount();
    serve({ user: { subscriptions: ['COF'] } });
    renderPane();
    await screen.findByTestId('attribute-installYear');
    expect(screen.queryByTestId('attributes-open-virtual-pipes')).toBeNull();
  });

  it('offers no virtual pipes link for a pipe whose every value was provided', async () => {
    serve({
      user: { subscriptions: ['VP'] },
      asset: { install_year_status: 0, material_status: 0, diameter_status: 0 },
    });
    renderPane();
    await screen.findByTestId('attribute-installYear');
    expect(screen.queryByTestId('attributes-open-virtual-pipes')).toBeNull();
  });

  it('shows a viewer the coloured AI icon as a marker, not a button', async () => {
    serve({ user: { subscriptions: ['VP'], permission_group_type_code: PERMISSION_GROUP.VIEWER } });
    renderPane();
    const material = await screen.findByTestId('attribute-materialTypeCode-edit');
    expect(material.tagName.toLowerCase()).toBe('svg');
    expect(material.getAttribute('class')).toContain('MuiSvgIcon-colorError');
    fireEvent.click(material);
    expect(screen.queryByTestId('pipe-edit-dialog')).toBeNull();
  });

  it('hides the AI edit icon without the VP subscription', async () => {
    serve({ user: { subscriptions: ['COF'] } });
    renderPane();
    await screen.findByTestId('attribute-installYear');
    expect(screen.queryByTestId('attribute-installYear-edit')).toBeNull();
    expect(screen.queryByTestId('attribute-materialTypeCode-edit')).toBeNull();
  });

  it('opens the edit dialog from the icon', async () => {
    serve({ user: { subscriptions: ['VP'] } });
    renderPane();
    fireEvent.click(await screen.findByTestId('attribute-installYear-edit'));
    expect(await screen.findByTestId('pipe-edit-dialog')).toBeInTheDocument();
    expect(screen.getByTestId('pipe-edit-value')).toHaveValue('1965');
  });

  it('saves the abandoned switch at once with PATCH {abandoned} for a worker', async () => {
    const api = serve({
      user: { permission_group_type_code: PERMISSION_GROUP.WORKER },
      routes: { 'PATCH /api/datasets/7/assets/1042': { body: wireAsset({ abandoned: true }) } },
    });
    const onSaved = vi.fn();
    const { client } = renderPane({ onSaved });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const input = await screen.findByTestId('attribute-abandoned');
    expect(input).not.toBeChecked();
    fireEvent.click(input);
    expect(input).toBeChecked();
    await waitFor(() => expect(api.find('PATCH /api/datasets/7/assets/1042')).toHaveLength(1));
    expect(api.find('PATCH /api/datasets/7/assets/1042')[0]!.body).toEqual({ abandoned: true });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // PIPE-EDIT-14/15: the snapshot and, for abandoned, the analysis status are fetched again.
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([CURRENT_SNAPSHOT_KEY, DATASET_STATUS_KEY]));
  });

  it.each([
    ['viewer', { permission_group_type_code: PERMISSION_GROUP.VIEWER }],
    ['demo worker', { permission_group_type_code: PERMISSION_GROUP.WORKER, is_demo: true }],
  ])('disables the abandoned switch for a %s', async (_who, user) => {
    serve({ user });
    renderPane();
    expect(await screen.findByTestId('attribute-abandoned')).toBeDisabled();
  });

  it('shows the COF breakdown with the COF subscription and dataset origin 1 (SUB-05, DET-COF-01/02)', async () => {
    serve({ user: { subscriptions: ALL } });
    renderPane({ datasetOrigin: 1 });
    await screen.findByTestId('pipe-id');
    open('cof');
    expect(await screen.findByTestId('cof-cofTotal')).toHaveTextContent('$17k');
    expect(screen.getByTestId('cof-direct')).toHaveTextContent('$12k');
    expect(screen.getByTestId('cof-environment')).toHaveTextContent('$700.00');
    expect(screen.getByTestId('cof-level')).toHaveTextContent('Medium high');
    // Issue 38: the cost model behind the figures is named.
    expect(await screen.findByTestId('cof-model')).toHaveTextContent('Default (USD)');
    expect(within(screen.getByTestId('cof-affected-pipes')).getByText('P-1043')).toBeInTheDocument();
    expect(within(screen.getByTestId('cof-affected-valves')).getByText('V-5')).toBeInTheDocument();
    expect(screen.getByTestId('cof-affected-pipes')).toHaveStyle({ maxHeight: '200px' });
    expect(screen.queryByTestId('cof-affected-pipes-truncated')).toBeNull();
  });

  it('counts every affected pipe of a huge segment and says only the first are listed', async () => {
    const cof = { ...wireAsset().cof!, affected_pipes_total: 16234 };
    serve({ user: { subscriptions: ALL }, asset: { cof } });
    renderPane();
    await screen.findByTestId('pipe-id');
    open('cof');
    expect(await screen.findByText('16,234 affected pipes')).toBeInTheDocument();
    expect(screen.getByTestId('cof-affected-pipes-truncated')).toHaveTextContent(
      'The first 1 of 16,234 pipes',
    );
  });

  it('locks the COF panel for another dataset origin, and without the COF subscription, with a note', async () => {
    serve({ user: { subscriptions: ALL } });
    const { unmount } = renderPane({ datasetOrigin: 2 });
    await screen.findByTestId('pipe-id');
    open('cof');
    expect(await screen.findByTestId('details-panel-cof-locked')).toHaveTextContent(
      'analysed datasets (origin 1)',
    );
    expect(screen.queryByTestId('cof-cofTotal')).toBeNull();
    unmount();

    serve({ user: { subscriptions: ['LOF'] } });
    renderPane({ datasetOrigin: 1 });
    await screen.findByTestId('pipe-id');
    open('cof');
    expect(await screen.findByTestId('details-panel-cof-locked')).toHaveTextContent(
      'Requires the COF subscription.',
    );
  });

  it('hides the environmental damage row for a Japan client, except client 47 (SUB-17)', async () => {
    const jp = (id: number) => ({
      subscriptions: ALL,
      client: { id, name: 'Tokyo', details: { country: 'JP' } },
    });
    serve({ user: jp(3) });
    const { unmount } = renderPane();
    await screen.findByTestId('pipe-id');
    open('cof');
    await screen.findByTestId('cof-cofTotal');
    expect(screen.queryByTestId('cof-environment')).toBeNull();
    unmount();

    serve({ user: jp(47) });
    renderPane();
    await screen.findByTestId('pipe-id');
    open('cof');
    expect(await screen.findByTestId('cof-environment')).toBeInTheDocument();
  });

  it("toasts 'No COF assessment found' (warning, 5 s) only when the COF panel is opened (TOAST-09)", async () => {
    serve({
      user: { subscriptions: ALL },
      routes: {
        'GET /api/datasets/7/assessments/cof': {
          status: 404,
          body: { status: 404, code: 'NO_COF_ASSESSMENT', message: 'No COF assessment' },
        },
      },
    });
    renderPane();
    await screen.findByTestId('pipe-id');
    expect(useToastStore.getState().toast).toBeNull();
    open('cof');
    await waitFor(() => expect(useToastStore.getState().toast?.text).toBe('No COF assessment found'));
    expect(useToastStore.getState().toast).toMatchObject({ color: 'warning', timer: 5000 });
  });

  it('shows the restricted marker for BRE without the BRE subscription and asks for no assessment (SUB-07)', async () => {
    const api = serve({
      user: { subscriptions: ['COF'] },
      asset: { bre: { total: 'restricted', level: 'restricted' } },
    });
    renderPane();
    await screen.findByTestId('pipe-id');
    open('bre');
    expect(await screen.findByTestId('bre-total-restricted')).toHaveTextContent('Restricted');
    expect(screen.getByTestId('bre-level-restricted')).toBeInTheDocument();
    expect(screen.getByTestId('bre-restricted-note')).toHaveTextContent('Requires the BRE subscription.');
    expect(api.find('GET /api/datasets/7/assessments/bre')).toEqual([]);
    expect(useToastStore.getState().toast).toBeNull();
  });

  it('shows BRE value and level, and locks BRE without COF', async () => {
    serve({ user: { subscriptions: ALL } });
    const { unmount } = renderPane();
    await screen.findByTestId('pipe-id');
    open('bre');
    expect(await screen.findByTestId('bre-total')).toHaveTextContent('$889.10');
    expect(screen.getByTestId('bre-level')).toHaveTextContent('Medium low');
    unmount();

    serve({ user: { subscriptions: ['BRE'] }, asset: { bre: null } });
    renderPane();
    await screen.findByTestId('pipe-id');
    open('bre');
    expect(await screen.findByTestId('details-panel-bre-locked')).toHaveTextContent(
      'Requires the BRE and COF subscriptions.',
    );
  });

  it("toasts 'No BRE assessment found' (warning, 5 s) when the BRE panel is opened (TOAST-10)", async () => {
    serve({
      user: { subscriptions: ALL },
      routes: {
        'GET /api/datasets/7/assessments/bre': {
          status: 404,
          body: { status: 404, code: 'NO_BRE_ASSESSMENT', message: 'No BRE assessment' },
        },
      },
    });
    renderPane();
    await screen.findByTestId('pipe-id');
    open('bre');
    await waitFor(() => expect(useToastStore.getState().toast?.text).toBe('No BRE assessment found'));
    expect(useToastStore.getState().toast).toMatchObject({ color: 'warning', timer: 5000 });
  });

  it('shows LOF per horizon, rank, the risk drivers, RUL and population with the display rules', async () => {
    serve({
      user: { subscriptions: ALL },
      asset: { lof_24: -1, rank_60: 333, rul: 120 },
    });
    renderPane();
    await screen.findByTestId('pipe-id');
    open('lof');
    const row12 = await screen.findByTestId('lof-row-12');
    expect(row12).toHaveTextContent('12 months');
    expect(row12).toHaveTextContent('5.23%');
    expect(row12).toHaveTextContent('0.054');
    expect(row12).toHaveTextContent('Top 2.5%');
    expect(screen.getByTestId('lof-row-24')).toHaveTextContent('n/a');
    expect(screen.getByTestId('lof-row-60')).toHaveTextContent('n/a');
    expect(screen.getByTestId('lof-risk-drivers')).toHaveTextContent(
      '1. Pipe age2. Material: cast iron3. Previous breaks',
    );
    // Issue 38: length is exposure, apart from the drivers: 0.054 expected breaks on 250 m = 0.216 per km.
    expect(screen.getByTestId('lof-exposure')).toHaveTextContent(
      'Exposure: 0.25 km of main · 0.216 expected breaks a year per km',
    );
    open('rul');
    expect(await screen.findByTestId('rul-value')).toHaveTextContent('100+ years');
    open('population');
    expect(await screen.findByTestId('population-change-2030')).toHaveTextContent('...');
    expect(screen.getByTestId('population-change-2040')).toHaveTextContent('-8%');
    expect(screen.getByTestId('population-change-2050')).toHaveTextContent('-21%');
    expect(screen.getByTestId('population-row-2040')).toHaveTextContent('110.00');
  });

  it('shows a requires-subscription note for LOF, RUL and Population without them', async () => {
    serve({ user: { subscriptions: [] } });
    renderPane();
    await screen.findByTestId('pipe-id');
    open('lof');
    expect(await screen.findByTestId('details-panel-lof-locked')).toHaveTextContent(
      'Requires the LOF subscription.',
    );
    open('rul');
    expect(await screen.findByTestId('details-panel-rul-locked')).toHaveTextContent(
      'Requires the RUL subscription.',
    );
    open('population');
    expect(await screen.findByTestId('details-panel-population-locked')).toHaveTextContent(
      'Requires the POPULATION subscription.',
    );
  });

  it('shows an error state with retry when the pipe cannot be loaded', async () => {
    serve({ routes: { 'GET /api/datasets/7/assets/1042': { status: 500, body: { message: 'Boom' } } } });
    renderPane();
    expect(await screen.findByTestId('details-error')).toHaveTextContent('The details could not be loaded.');
    expect(screen.getByTestId('details-retry')).toBeInTheDocument();
  });

  it("lists search matches as tabs 'Assets 1..n' and flies to the pipe (SRCH-08, SRCH-10)", async () => {
    serve();
    const onSelectTab = vi.fn();
    const onFlyTo = vi.fn();
    renderPane({
      tabs: [
        { id: 1042, label: 'Assets 1' },
        { id: 1043, label: 'Assets 2' },
      ],
      onSelectTab,
      onFlyTo,
    });
    const tabs = await screen.findAllByTestId('details-tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Assets 1', 'Assets 2']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(tabs[1]!);
    expect(onSelectTab).toHaveBeenCalledWith(1043);
    fireEvent.click(await screen.findByTestId('details-fly-to'));
    // 250 m falls in the 90+ band.
    expect(onFlyTo).toHaveBeenCalledWith([expect.closeTo(139.931, 6), expect.closeTo(37.491, 6)], 15);
  });
});
