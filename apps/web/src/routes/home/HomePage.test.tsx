import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wireDataset, wireGroup, wireSnapshot } from '../../features/datasets/test-data.ts';
import { reportResponse } from '../../features/reports/test-data.ts';
import { useSession } from '../../features/session/index.ts';
import { mockApi } from '../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../test/render-page.tsx';
import { testUser } from '../../test/user.ts';
import { HomePage } from './HomePage.tsx';

const dataset = wireDataset({ id: 3, name: 'Springfield mains' });
const group = wireGroup(5, 'Springfield', [dataset]);
const REPORT = 'GET /api/datasets/3/reports/query';
const MODEL_CARD = 'GET /api/datasets/3/model-card';

const est = (value: number) => ({ value, low: value - 0.02, high: value + 0.02 });
const peer = (auc: number) => ({
  precision_at1_pct: est(0.2),
  recall_at10_pct_length: est(0.3),
  auc: est(auc),
});
// Snake_case on the wire, as the server sends it: one window of the peer protocol per horizon.
const peerWindow = (horizonYears: number, aucs: [number, number, number]) => ({
  protocol: 'peer',
  cutoff_year: 2022,
  horizon_years: horizonYears,
  cutoff: '2022-01-01',
  held_out_to: `${2022 + horizonYears}-01-01`,
  training_from: '2001-01-01',
  mains: 3000,
  breaking_mains: 35,
  breaks: 40,
  length_km: 400,
  rankings: { model: peer(aucs[0]), age: peer(aucs[1]), previous_breaks: peer(aucs[2]) },
  model_minus_previous_breaks: peer(aucs[0] - aucs[2]),
  training: { rows: 60_000, breaks: 700, trees: 150, cutoff_years: [2018, 2019, 2020] },
  feature_importance: [{ feature: 'ageYears', gain_share: 0.6 }],
});

const modelCard = {
  lof_card: { backtests: [peerWindow(1, [0.781, 0.64, 0.702]), peerWindow(3, [0.7, 0.66, 0.712])] },
};

// A card stored before the peer protocol (model and boosted baselines per window).
const oldModelCard = {
  lof_card: {
    backtests: [
      {
        horizon_years: 1,
        cutoff: '2025-01-01',
        held_out_to: '2025-12-31',
        held_out: { pipes: 3000, breaks: 40, pipes_with_break: 35, length_km: 400 },
        model: { auc: 0.781 },
        baselines: { age_only: { auc: 0.64 }, previous_breaks_only: { auc: 0.702 } },
      },
    ],
  },
};

function serve(subscriptions: string[], card: unknown = modelCard) {
  return mockApi({
    'GET /api/user/info': { body: testUser({ subscriptions }) },
    'GET /api/clients/current': { status: 404 },
    'GET /api/snapshot-groups': { body: [group] },
    'GET /api/snapshots/current': { body: wireSnapshot(group) },
    [REPORT]: {
      body: reportResponse([
        'length_by_material',
        'length_by_install_year',
        'lof_length_absolute',
        'lof_highest',
      ]),
    },
    'GET /api/datasets/3/analyses': { body: [] },
    [MODEL_CARD]: { body: card },
  });
}

describe('/home dashboard', () => {
  beforeEach(() => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('shows the current dataset at a glance, each card linking to its page', async () => {
    const api = serve(['LOF', 'COF', 'BRE']);
    await renderPage('/home', '/home', <HomePage />);
    expect(await screen.findByTestId('dashboard-dataset')).toHaveTextContent('Springfield mains');
    expect(await screen.findByTestId('dashboard-material-chart')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-decade-chart')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-lof-chart')).toBeInTheDocument();
    // One call for the four cards; the Highest card asks for 5 pipes.
    const url = String(api.fetchMock.mock.calls.find(([u]) => String(u).includes('/reports/query'))![0]);
    expect(url).toContain('limit=5');
    expect(decodeURIComponent(url)).toContain('lof_highest');
    const highest = await screen.findByTestId('dashboard-highest-table');
    expect(within(highest).getByRole('rowheader')).toHaveTextContent('P-41');
    expect(within(highest).getByRole('link', { name: 'P-41' })).toHaveAttribute(
      'href',
      '/map/highest?pipe=41',
    );
    expect(highest).toHaveTextContent('31.00%');
    expect(screen.getByTestId('dashboard-material-link')).toHaveAttribute('href', '/reports/asset');
    expect(screen.getByTestId('dashboard-lof-link')).toHaveAttribute('href', '/reports/lof');
    expect(screen.getByTestId('dashboard-highest-link')).toHaveAttribute('href', '/reports/highest');
    expect(screen.getByTestId('dashboard-status')).toHaveTextContent('Complete');
  });

  it('shows the model’s AUC per held-out window against the raw rankings, the best in bold', async () => {
    serve(['LOF']);
    await renderPage('/home', '/home', <HomePage />);
    const table = await screen.findByTestId('dashboard-model-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Held-out period', 'This model', 'Oldest first', 'Most previous breaks first']);
    const [, oneYear, threeYears] = within(table).getAllByRole('row');
    // Issue 38: years, not dates, so the table fits its card; a one-year window is its year.
    expect(within(oneYear!).getByRole('rowheader')).toHaveTextContent(/^2022$/);
    expect(table).toHaveStyle({ tableLayout: 'fixed' });
    const aucs = within(oneYear!).getAllByRole('cell');
    expect(aucs.map((c) => c.textContent)).toEqual(['0.781', '0.640', '0.702']);
    expect(aucs[0]).toHaveStyle({ fontWeight: 700 });
    expect(aucs[2]).not.toHaveStyle({ fontWeight: 700 });
    expect(within(threeYears!).getByRole('rowheader')).toHaveTextContent('2022 – 2024');
    const later = within(threeYears!).getAllByRole('cell');
    expect(later.map((c) => c.textContent)).toEqual(['0.700', '0.660', '0.712']);
    expect(later[2]).toHaveStyle({ fontWeight: 700 });
    expect(screen.getByTestId('dashboard-model')).toHaveTextContent(
      'the rankings a utility would use without one, oldest mains first and most previous breaks first',
    );
  });

  it('says a backtest of an earlier version needs a re-run, rather than laying it out', async () => {
    serve(['LOF'], oldModelCard);
    await renderPage('/home', '/home', <HomePage />);
    expect(await screen.findByTestId('dashboard-model-message')).toHaveTextContent(
      'This backtest is from an earlier version of the analysis. Re-running the analysis shows the current one.',
    );
    expect(screen.queryByTestId('dashboard-model-table')).toBeNull();
  });

  it('without the LOF subscription, the LOF cards say so and nothing LOF is asked for', async () => {
    const api = serve([]);
    await renderPage('/home', '/home', <HomePage />);
    expect(await screen.findByTestId('dashboard-material-chart')).toBeInTheDocument();
    expect(within(screen.getByTestId('dashboard-lof')).getByTestId('dashboard-needs-lof')).toHaveTextContent(
      'Needs the LOF subscription.',
    );
    expect(
      within(screen.getByTestId('dashboard-highest')).getByTestId('dashboard-needs-lof'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-model-message')).toHaveTextContent('Needs the LOF subscription.');
    const url = String(api.fetchMock.mock.calls.find(([u]) => String(u).includes('/reports/query'))![0]);
    expect(decodeURIComponent(url)).not.toContain('lof_');
    expect(api.find(MODEL_CARD)).toHaveLength(0);
  });

  it('keeps the honest empty state, and no glance, without a dataset', async () => {
    const api = mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/clients/current': { status: 404 },
      'GET /api/snapshot-groups': { body: [] },
    });
    await renderPage('/home', '/home', <HomePage />);
    expect(await screen.findByTestId('dashboard-empty')).toBeInTheDocument();
    await waitFor(() => expect(api.find('GET /api/snapshot-groups')).toHaveLength(1));
    expect(screen.queryByTestId('dashboard-glance')).toBeNull();
    expect(api.calls.some((c) => c.path.includes('/reports/'))).toBe(false);
  });
});
