import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialogHost } from '../../components/confirm-dialog/index.ts';
import { ToastHost } from '../../components/toast/index.ts';
import { wireDataset, wireSnapshot } from '../../features/datasets/test-data.ts';
import { useSession } from '../../features/session/index.ts';
import { i18n } from '../../lib/i18n.ts';
import { mockApi } from '../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../test/render-page.tsx';
import { testUser } from '../../test/user.ts';
import { VirtualPipesPage } from './VirtualPipesPage.tsx';

const imperial = { segment: 'ft', diameter: 'in', segment_large: 'mi' };
const dataset = wireDataset({ id: 4 });
const snapshot = wireSnapshot({
  snapshot_entity_id: 104,
  snapshot_group_entity_id: 5,
  snapshot_group_name: 'Springfield',
  datasets: [dataset],
} as never);
const attr = (status: number, value: number | null, imputed: number | null, likelihood: number | null) => ({
  status,
  value,
  provided: status === 0 ? value : null,
  imputed,
  likelihood,
});
const row = (id: number) => ({
  id,
  native_pipe_id: `P${id}`,
  address: id === 1 ? '1 Main St' : null,
  sampled: id <= 2,
  verified: id === 1,
  diameter: attr(1, 152.4, 152.4, 0.7),
  install_year: attr(2, 1950, 1965, null),
  material_type_code: attr(0, 8, null, null),
});
const page = (n: number, total = 30) => ({
  virtual_pipes: Array.from({ length: n === 1 ? 25 : total - 25 }, (_, i) => row((n - 1) * 25 + i + 1)),
  page: n,
  page_size: 25,
  total,
  total_pages: Math.ceil(total / 25),
  phase: 1,
});
const samplingTest = {
  phase: 1,
  sample: {
    seed: 11,
    size: 20,
    drawn_at: '2026-11-27T00:00:00Z',
    pipe_ids: [1],
    strata: {},
    verified: 20,
    unverified: 0,
  },
  accuracy: {
    diameter: { verified: 10, correct: 8, accuracy: 0.8, ci_low: 0.49, ci_high: 0.943 },
    install_year: { verified: 0, correct: 0, accuracy: null, ci_low: null, ci_high: null },
    material_type_code: { verified: 0, correct: 0, accuracy: null, ci_low: null, ci_high: null },
  },
  merge_preview: { pipes: 12, diameter: 1, install_year: 10, material_type_code: 1 },
  merge_override: null,
};
/** The issue-38 case: a sample of 10 of which none is verified yet. */
const unverifiedTest = {
  ...samplingTest,
  sample: { ...samplingTest.sample, size: 10, verified: 0, unverified: 10 },
};
/** The page with the hosts the app mounts once at its root: the confirm dialog and the toast. */
const withHosts = (
  <>
    <VirtualPipesPage />
    <ConfirmDialogHost />
    <ToastHost />
  </>
);
/** Picks an option of a MUI select whose input carries `testId`. */
async function pick(testId: string, option: string) {
  await userEvent.click(within(screen.getByTestId(testId).parentElement!).getByRole('combobox'));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

function mockServer(user: Record<string, unknown>, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/user/info': { body: testUser(user) },
    'GET /api/snapshots/current': { body: snapshot },
    'GET /api/datasets/4/virtual_pipes': () => ({ body: page(1) }),
    'GET /api/datasets/4/virtual_pipes/sampling_test': { body: samplingTest },
    'POST /api/datasets/4/virtual_pipes/bulk': { body: { updated: 2, changed: 2, analysis_queued: true } },
    'POST /api/datasets/4/virtual_pipes/verified_pipes': { body: { verified_pipes: [] } },
    'POST /api/datasets/4/virtual_pipes/merge': {
      body: { phase: 2, merged: 12, analysis_queued: true, unverified: 0 },
    },
    ...extra,
  });
}

/** The query string of the table calls: mockApi keys by path, so the URL is read from the fetch spy. */
const tableQueries = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === '/api/datasets/4/virtual_pipes')
    .map((u) => Object.fromEntries(u.searchParams));

describe('/data/virtual-pipes', () => {
  beforeEach(async () => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
    await i18n.loadNamespaces(['virtualpipes', 'details']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it("asks for 25 rows sorted by id, and shows values in the user's units with status and likelihood", async () => {
    const api = mockServer({
      units: { language: 'en', default: imperial, user: imperial, currency_code: 'USD' },
      subscriptions: ['VP'],
      permission_group_type_code: 2,
    });
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', <VirtualPipesPage />);
    const first = await screen.findByTestId('vp-row-1');
    expect(screen.getAllByTestId(/^vp-row-/)).toHaveLength(25);
    expect(tableQueries(api.fetchMock)[0]).toEqual({ page: '1', page_size: '25', order_by: 'id' });
    const diameter = within(first).getByTestId('vp-1-diameter');
    expect(diameter).toHaveTextContent('6 in');
    expect(within(diameter).getByTestId('vp-1-diameter-status')).toHaveTextContent('Imputed');
    expect(within(diameter).getByTestId('vp-1-diameter-imputed')).toHaveTextContent('AI estimate: 6 in (70.0%)');
    expect(within(first).getByTestId('vp-1-install_year-status')).toHaveTextContent('Overridden');
    expect(within(first).getByTestId('vp-1-material_type_code-status')).toHaveTextContent('Provided');
    expect(screen.getByTestId('vp-pagination')).toHaveTextContent('1–25 of 30');
    expect(screen.getByTestId('vp-phase')).toHaveTextContent('Finalized');
    expect(screen.getByTestId('vp-accuracy-diameter')).toHaveTextContent('80.0% correct (8 of 10; 95 % CI 49.0%–94.3%)');
  });

  it("opens a pipe's likelihood of every diameter on a click, in the user's units, most likely first", async () => {
    const detail = {
      ...row(1),
      likelihoods: {
        diameter: { '101.6': 0.2, '152.4': 0.7, '203.2': 0.1 },
        install_year: null,
        material_type_code: null,
      },
    };
    const api = mockServer(
      {
        units: { language: 'en', default: imperial, user: imperial, currency_code: 'USD' },
        subscriptions: ['VP'],
        permission_group_type_code: 2,
      },
      { 'GET /api/datasets/4/virtual_pipes/1': { body: detail } },
    );
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', <VirtualPipesPage />);
    await screen.findByTestId('vp-row-1');
    expect(api.find('GET /api/datasets/4/virtual_pipes/1')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('vp-1-diameter-imputed'));
    const popover = await screen.findByTestId('vp-1-diameter-likelihoods');
    await waitFor(() => expect(within(popover).getAllByRole('row')).toHaveLength(3));
    expect(within(popover).getAllByRole('row').map((r) => r.textContent)).toEqual([
      '6 in70.0%',
      '4 in20.0%',
      '8 in10.0%',
    ]);
  });

  it('opens at the page of the pipe it was opened for, its row marked', async () => {
    const api = mockServer(
      { subscriptions: ['VP'], permission_group_type_code: 2 },
      {
        'GET /api/datasets/4/virtual_pipes/pipe_pages': { body: { pages: [{ pipe_id: 27, page: 2 }] } },
        // The page the table asks for (mockApi keys by path: the query is read from the call itself).
        'GET /api/datasets/4/virtual_pipes': () => {
          const asked = new URL(String(api.fetchMock.mock.calls.at(-1)![0]), 'http://localhost');
          return { body: page(Number(asked.searchParams.get('page'))) };
        },
      },
    );
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes?pipe=27', <VirtualPipesPage />);
    expect(await screen.findByTestId('vp-row-27')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByTestId('vp-row-26')).not.toHaveAttribute('aria-current');
    const pages = api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((u) => u.pathname.endsWith('/pipe_pages'));
    expect(Object.fromEntries(pages[0]!.searchParams)).toMatchObject({ pipe_ids: '27', order_by: 'id' });
  });

  it('says so when the pipe it was opened for is not a virtual pipe', async () => {
    mockServer(
      { subscriptions: ['VP'], permission_group_type_code: 2 },
      { 'GET /api/datasets/4/virtual_pipes/pipe_pages': { body: { pages: [{ pipe_id: 99, page: null }] } } },
    );
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes?pipe=99', <VirtualPipesPage />);
    expect(await screen.findByTestId('vp-focus-missing')).toHaveTextContent(
      'Pipe 99 has no estimated or corrected attribute, so it is not in this table.',
    );
    expect(await screen.findByTestId('vp-row-1')).not.toHaveAttribute('aria-current');
  });

  it('calls a value neither given nor estimated Unknown, as the details pane does', async () => {
    mockServer(
      { subscriptions: ['VP'], permission_group_type_code: 2 },
      {
        'GET /api/datasets/4/virtual_pipes': {
          body: { ...page(1), virtual_pipes: [{ ...row(1), diameter: attr(1, null, null, null) }] },
        },
      },
    );
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', <VirtualPipesPage />);
    expect(await screen.findByTestId('vp-1-diameter-status')).toHaveTextContent('Unknown');
    expect(screen.getByTestId('vp-1-diameter')).toHaveTextContent('n/a');
    expect(screen.getByTestId('vp-1-install_year-status')).toHaveTextContent('Overridden');
  });

  it('sorts on the server, from page 1', async () => {
    const api = mockServer({ subscriptions: ['VP'], permission_group_type_code: 2 });
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', <VirtualPipesPage />);
    await screen.findByTestId('vp-row-1');
    await userEvent.click(screen.getByTestId('sort-id'));
    await waitFor(() => expect(tableQueries(api.fetchMock).at(-1)).toMatchObject({ order_by: '-id', page: '1' }));
    await userEvent.click(screen.getByTestId('sort-install_year'));
    await waitFor(() => expect(tableQueries(api.fetchMock).at(-1)).toMatchObject({ order_by: 'install_year' }));
  });

  it('pages on the server', async () => {
    const api = mockServer({ subscriptions: ['VP'], permission_group_type_code: 2 });
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', <VirtualPipesPage />);
    await screen.findByTestId('vp-row-1');
    await userEvent.click(within(screen.getByTestId('vp-pagination')).getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(tableQueries(api.fetchMock).at(-1)).toMatchObject({ page: '2', order_by: 'id' }));
  });

  it('overrides the selected pipes with a diameter in millimetres, after asking', async () => {
    const api = mockServer({
      units: { language: 'en', default: imperial, user: imperial, currency_code: 'USD' },
      subscriptions: ['VP'],
      permission_group_type_code: 2,
    });
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', withHosts);
    await screen.findByTestId('vp-row-1');
    expect(screen.queryByTestId('vp-bulk-bar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('vp-select-1'));
    await userEvent.click(screen.getByTestId('vp-select-2'));
    expect(screen.getByTestId('vp-selected-count')).toHaveTextContent('2 pipes selected');
    await userEvent.type(screen.getByTestId('vp-bulk-value'), '8');
    await userEvent.click(screen.getByTestId('vp-bulk-override'));
    // Asked first, naming the attribute, the value and how many pipes.
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent(
      'Set Diameter to 8 in on 2 selected pipes?',
    );
    expect(api.find('POST /api/datasets/4/virtual_pipes/bulk')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('confirm-action'));
    await waitFor(() => expect(api.find('POST /api/datasets/4/virtual_pipes/bulk')).toHaveLength(1));
    expect(api.find('POST /api/datasets/4/virtual_pipes/bulk')[0]!.body).toEqual({
      action: 'override',
      attribute: 'diameter',
      value: 203.2,
      pipe_ids: [1, 2],
    });
    // The selection is cleared after the edit, and what changed is reported.
    await waitFor(() => expect(screen.queryByTestId('vp-bulk-bar')).not.toBeInTheDocument());
    expect(await screen.findByText('Diameter changed on 2 of 2 pipes; a new analysis is running.')).toBeVisible();
  });

  it('restores a whole page after asking, and reports what changed', async () => {
    const api = mockServer({ subscriptions: ['VP'], permission_group_type_code: 2 });
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', withHosts);
    await screen.findByTestId('vp-row-1');
    await userEvent.click(screen.getByTestId('vp-select-page'));
    expect(screen.getByTestId('vp-selected-count')).toHaveTextContent('25 pipes selected');
    await pick('vp-bulk-attribute', 'Install year');
    await userEvent.click(screen.getByTestId('vp-bulk-restore'));
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent(
      'Remove the correction of Install year from 25 selected pipes, so their AI value returns?',
    );
    await userEvent.click(screen.getByTestId('confirm-action'));
    await waitFor(() => expect(api.find('POST /api/datasets/4/virtual_pipes/bulk')).toHaveLength(1));
    expect(api.find('POST /api/datasets/4/virtual_pipes/bulk')[0]!.body).toMatchObject({
      action: 'restore',
      attribute: 'install_year',
    });
    expect(
      await screen.findByText('AI value of Install year restored on 2 of 25 pipes; a new analysis is running.'),
    ).toBeVisible();
  });

  it("acts on the attribute the table is filtered to, and says so when a restore would change nothing", async () => {
    const api = mockServer({ subscriptions: ['VP'], permission_group_type_code: 2 });
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', withHosts);
    await screen.findByTestId('vp-row-1');
    await pick('vp-filter-attribute', 'Material');
    await waitFor(() =>
      expect(tableQueries(api.fetchMock).at(-1)).toMatchObject({ attribute: 'material_type_code' }),
    );
    await userEvent.click(await screen.findByTestId('vp-select-1'));
    // The bar follows the filter (issue 38: it stayed on Diameter) and cannot be turned away from it.
    const attribute = screen.getByTestId('vp-bulk-attribute');
    expect(attribute).toHaveValue('material_type_code');
    expect(within(attribute.parentElement!).getByRole('combobox')).toHaveAttribute('aria-disabled', 'true');
    // None of the selected pipes has a corrected material: nothing is sent, and the user is told.
    await userEvent.click(screen.getByTestId('vp-bulk-restore'));
    expect(
      await screen.findByText('Nothing changed: the selected pipe has no corrected Material to restore.'),
    ).toBeVisible();
    expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument();
    expect(api.find('POST /api/datasets/4/virtual_pipes/bulk')).toHaveLength(0);
  });

  it('reports a bulk edit the server found changed nothing', async () => {
    const api = mockServer(
      { subscriptions: ['VP'], permission_group_type_code: 2 },
      {
        'POST /api/datasets/4/virtual_pipes/bulk': { body: { updated: 1, changed: 0, analysis_queued: false } },
      },
    );
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', withHosts);
    await userEvent.click(await screen.findByTestId('vp-select-1'));
    await userEvent.type(screen.getByTestId('vp-bulk-value'), '150');
    await userEvent.click(screen.getByTestId('vp-bulk-override'));
    await userEvent.click(await screen.findByTestId('confirm-action'));
    await waitFor(() => expect(api.find('POST /api/datasets/4/virtual_pipes/bulk')).toHaveLength(1));
    expect(
      await screen.findByText('Nothing changed: the selected pipe already has this Diameter.'),
    ).toBeVisible();
  });

  it('merges a verified sample after a confirmation naming what changes', async () => {
    const api = mockServer({ subscriptions: ['VP'], permission_group_type_code: 2 });
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', withHosts);
    await userEvent.click(await screen.findByTestId('vp-merge'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent(
      'Merge 12 imputed values (Install year: 10, Diameter: 1, Material: 1) into the network? ' +
        'Every sampled pipe is verified in the field.',
    );
    expect(api.find('POST /api/datasets/4/virtual_pipes/merge')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('confirm-action'));
    await waitFor(() => expect(api.find('POST /api/datasets/4/virtual_pipes/merge')).toHaveLength(1));
    expect(api.find('POST /api/datasets/4/virtual_pipes/merge')[0]!.body).toBeUndefined();
    expect(await screen.findByText('12 pipes merged into the network; a new analysis is running.')).toBeVisible();
  });

  it('does not merge an unverified sample for a worker, and names how many are unverified', async () => {
    const api = mockServer(
      { subscriptions: ['VP'], permission_group_type_code: 2 },
      { 'GET /api/datasets/4/virtual_pipes/sampling_test': { body: unverifiedTest } },
    );
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', withHosts);
    await userEvent.click(await screen.findByTestId('vp-merge'));
    expect(await screen.findByTestId('vp-merge-question')).toHaveTextContent(
      'Merge 12 imputed values (Install year: 10, Diameter: 1, Material: 1) into the network? ' +
        '10 of the sample of 10 are not verified.',
    );
    expect(screen.getByTestId('vp-merge-admin-only')).toBeVisible();
    expect(screen.queryByTestId('vp-merge-override')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('vp-merge-cancel'));
    expect(api.find('POST /api/datasets/4/virtual_pipes/merge')).toHaveLength(0);
  });

  it("lets an administrator merge an unverified sample with a reason, the server's override", async () => {
    const api = mockServer(
      { subscriptions: ['VP'], permission_group_type_code: 1 },
      { 'GET /api/datasets/4/virtual_pipes/sampling_test': { body: unverifiedTest } },
    );
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', withHosts);
    await userEvent.click(await screen.findByTestId('vp-merge'));
    const override = await screen.findByTestId('vp-merge-override');
    expect(override).toBeDisabled();
    await userEvent.type(screen.getByTestId('vp-merge-reason'), 'Crew out until spring');
    await userEvent.click(override);
    await waitFor(() => expect(api.find('POST /api/datasets/4/virtual_pipes/merge')).toHaveLength(1));
    expect(api.find('POST /api/datasets/4/virtual_pipes/merge')[0]!.body).toEqual({
      override: { reason: 'Crew out until spring' },
    });
  });

  it('filters to the sample, searches by id or address and sorts by confidence and address, from page 1', async () => {
    const api = mockServer({ subscriptions: ['VP'], permission_group_type_code: 2 });
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', withHosts);
    await screen.findByTestId('vp-row-1');
    expect(screen.getByTestId('vp-1-sample')).toHaveTextContent('Sample: verified');
    expect(screen.getByTestId('vp-2-sample')).toHaveTextContent('Sample: not verified');
    expect(screen.queryByTestId('vp-3-sample')).not.toBeInTheDocument();
    expect(screen.getByTestId('vp-1-address')).toHaveTextContent('1 Main St');
    await userEvent.click(screen.getByTestId('vp-filter-sample'));
    await waitFor(() => expect(tableQueries(api.fetchMock).at(-1)).toMatchObject({ sample: 'true', page: '1' }));
    await userEvent.type(screen.getByTestId('vp-search'), 'Main St');
    await waitFor(() =>
      expect(tableQueries(api.fetchMock).at(-1)).toMatchObject({ search: 'Main St', sample: 'true', page: '1' }),
    );
    await userEvent.click(screen.getByTestId('sort-diameter_likelihood'));
    await waitFor(() =>
      expect(tableQueries(api.fetchMock).at(-1)).toMatchObject({ order_by: 'diameter_likelihood', page: '1' }),
    );
    await userEvent.click(screen.getByTestId('sort-diameter_likelihood'));
    await waitFor(() =>
      expect(tableQueries(api.fetchMock).at(-1)).toMatchObject({ order_by: '-diameter_likelihood' }),
    );
    await userEvent.click(screen.getByTestId('sort-address'));
    await waitFor(() => expect(tableQueries(api.fetchMock).at(-1)).toMatchObject({ order_by: 'address' }));
  });

  it('records field values for the selected pipes while finalized, after asking', async () => {
    const api = mockServer({ subscriptions: ['VP'], permission_group_type_code: 2 });
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', withHosts);
    await screen.findByTestId('vp-phase');
    await userEvent.click(await screen.findByTestId('vp-select-3'));
    await userEvent.type(screen.getByTestId('vp-bulk-value'), '150');
    await userEvent.click(screen.getByTestId('vp-bulk-verify'));
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent(
      'Record Diameter 150 mm as found in the field on 1 selected pipe?',
    );
    await userEvent.click(screen.getByTestId('confirm-action'));
    await waitFor(() => expect(api.find('POST /api/datasets/4/virtual_pipes/verified_pipes')).toHaveLength(1));
    expect(api.find('POST /api/datasets/4/virtual_pipes/verified_pipes')[0]!.body).toEqual({
      verifications: [{ pipe_id: 3, attribute: 'diameter', value: 150 }],
    });
    expect(api.find('POST /api/datasets/4/virtual_pipes/bulk')).toHaveLength(0);
    expect(await screen.findByText('Diameter recorded as found in the field on 1 pipe.')).toBeVisible();
    // Confirming the value in use sends no value: the server records the displayed one.
    await userEvent.click(await screen.findByTestId('vp-select-4'));
    await userEvent.click(screen.getByTestId('vp-bulk-confirm'));
    await userEvent.click(await screen.findByTestId('confirm-action'));
    await waitFor(() => expect(api.find('POST /api/datasets/4/virtual_pipes/verified_pipes')).toHaveLength(2));
    expect(api.find('POST /api/datasets/4/virtual_pipes/verified_pipes')[1]!.body).toEqual({
      verifications: [{ pipe_id: 4, attribute: 'diameter' }],
    });
  });

  it('offers no selection, bulk or phase actions without VP or to a viewer', async () => {
    for (const user of [
      { subscriptions: [], permission_group_type_code: 1 },
      { subscriptions: ['VP'], permission_group_type_code: 3 },
    ]) {
      resetAppState();
      useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
      mockServer(user);
      await renderPage('/data/virtual-pipes', '/data/virtual-pipes', <VirtualPipesPage />);
      await screen.findByTestId('vp-row-1');
      await screen.findByTestId('vp-phase');
      expect(screen.queryByTestId('vp-select-1')).not.toBeInTheDocument();
      expect(screen.queryByTestId('vp-merge')).not.toBeInTheDocument();
      expect(screen.queryByTestId('vp-draw-sample')).not.toBeInTheDocument();
    }
  });
});
