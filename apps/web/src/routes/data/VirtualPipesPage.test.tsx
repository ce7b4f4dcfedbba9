import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  sample: { seed: 11, size: 20, drawn_at: '2026-11-27T00:00:00Z', pipe_ids: [1], strata: {}, verified: 10 },
  accuracy: {
    diameter: { verified: 10, correct: 8, accuracy: 0.8, ci_low: 0.49, ci_high: 0.943 },
    install_year: { verified: 0, correct: 0, accuracy: null, ci_low: null, ci_high: null },
    material_type_code: { verified: 0, correct: 0, accuracy: null, ci_low: null, ci_high: null },
  },
};

function mockServer(user: Record<string, unknown>, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/user/info': { body: testUser(user) },
    'GET /api/snapshots/current': { body: snapshot },
    'GET /api/datasets/4/virtual_pipes': () => ({ body: page(1) }),
    'GET /api/datasets/4/virtual_pipes/sampling_test': { body: samplingTest },
    'POST /api/datasets/4/virtual_pipes/bulk': { body: { updated: 2, analysis_queued: true } },
    'POST /api/datasets/4/virtual_pipes/verified_pipes': { body: { verified_pipes: [] } },
    'POST /api/datasets/4/virtual_pipes/merge': { body: { phase: 2, merged: 3, analysis_queued: true } },
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

  it('overrides the selected pipes with a diameter in millimetres', async () => {
    const api = mockServer({
      units: { language: 'en', default: imperial, user: imperial, currency_code: 'USD' },
      subscriptions: ['VP'],
      permission_group_type_code: 2,
    });
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', <VirtualPipesPage />);
    await screen.findByTestId('vp-row-1');
    expect(screen.queryByTestId('vp-bulk-bar')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('vp-select-1'));
    await userEvent.click(screen.getByTestId('vp-select-2'));
    expect(screen.getByTestId('vp-selected-count')).toHaveTextContent('2 pipes selected');
    await userEvent.type(screen.getByTestId('vp-bulk-value'), '8');
    await userEvent.click(screen.getByTestId('vp-bulk-override'));
    await waitFor(() => expect(api.find('POST /api/datasets/4/virtual_pipes/bulk')).toHaveLength(1));
    expect(api.find('POST /api/datasets/4/virtual_pipes/bulk')[0]!.body).toEqual({
      action: 'override',
      attribute: 'diameter',
      value: 203.2,
      pipe_ids: [1, 2],
    });
    // The selection is cleared after the edit.
    await waitFor(() => expect(screen.queryByTestId('vp-bulk-bar')).not.toBeInTheDocument());
  });

  it('restores a whole page and merges', async () => {
    const api = mockServer({ subscriptions: ['VP'], permission_group_type_code: 2 });
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', <VirtualPipesPage />);
    await screen.findByTestId('vp-row-1');
    await userEvent.click(screen.getByTestId('vp-select-page'));
    expect(screen.getByTestId('vp-selected-count')).toHaveTextContent('25 pipes selected');
    await userEvent.click(screen.getByTestId('vp-bulk-restore'));
    await waitFor(() => expect(api.find('POST /api/datasets/4/virtual_pipes/bulk')).toHaveLength(1));
    expect(api.find('POST /api/datasets/4/virtual_pipes/bulk')[0]!.body).toMatchObject({
      action: 'restore',
      attribute: 'diameter',
    });
    await userEvent.click(screen.getByTestId('vp-merge'));
    await waitFor(() => expect(api.find('POST /api/datasets/4/virtual_pipes/merge')).toHaveLength(1));
  });

  it('records field values for the selected pipes while finalized', async () => {
    const api = mockServer({ subscriptions: ['VP'], permission_group_type_code: 2 });
    await renderPage('/data/virtual-pipes', '/data/virtual-pipes', <VirtualPipesPage />);
    await screen.findByTestId('vp-phase');
    await userEvent.click(await screen.findByTestId('vp-select-3'));
    await userEvent.type(screen.getByTestId('vp-bulk-value'), '150');
    await userEvent.click(screen.getByTestId('vp-bulk-verify'));
    await waitFor(() => expect(api.find('POST /api/datasets/4/virtual_pipes/verified_pipes')).toHaveLength(1));
    expect(api.find('POST /api/datasets/4/virtual_pipes/verified_pipes')[0]!.body).toEqual({
      verifications: [{ pipe_id: 3, attribute: 'diameter', value: 150 }],
    });
    expect(api.find('POST /api/datasets/4/virtual_pipes/bulk')).toHaveLength(0);
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
