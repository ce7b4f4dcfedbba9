import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { testUser } from '../../../test/user.ts';
import { useSession } from '../../session/index.ts';
import { AnalysisButton } from './AnalysisButton.tsx';

const est = (value: number, low: number, high: number) => ({ value, low, high });
const peer = (p1: number, recall: number, auc: number, breaksRecall = recall + 0.02) => ({
  precision_at1_pct: est(p1, p1 - 0.045, p1 + 0.044),
  mains_recall_at10_pct_length: est(recall, recall - 0.05, recall + 0.05),
  breaks_recall_at10_pct_length: est(breaksRecall, breaksRecall - 0.05, breaksRecall + 0.05),
  auc: est(auc, auc - 0.02, auc + 0.02),
});

// One window of the peer protocol, snake_case on the wire as the server sends it.
const BACKTEST = {
  protocol: 'peer',
  cutoff_year: 2022,
  horizon_years: 1,
  cutoff: '2022-01-01',
  held_out_to: '2023-01-01',
  training_from: '2001-01-01',
  mains: 2950,
  breaking_mains: 39,
  breaks: 41,
  length_km: 150,
  rankings: {
    model: peer(0.286, 0.31, 0.91),
    age: peer(0.1, 0.42, 0.85),
    previous_breaks: peer(0.2, 0.25, 0.8),
  },
  model_minus_previous_breaks: {
    precision_at1_pct: est(0.086, 0.012, 0.15),
    mains_recall_at10_pct_length: est(0.06, -0.03, 0.14),
    breaks_recall_at10_pct_length: est(0.08, -0.01, 0.16),
    auc: est(0.11, 0.08, 0.14),
  },
  training: { rows: 60_000, breaks: 700, trees: 150, cutoff_years: [2018, 2019, 2020] },
  feature_importance: [{ feature: 'ageYears', gain_share: 0.6 }],
};

const run = (over: Record<string, unknown>) => ({
  id: 3,
  dataset_id: 7,
  stage: 'complete',
  progress: 100,
  reason: 'seed',
  error: null,
  timings: { preprocess: 1.2, lof: 20.5 },
  served: true,
  created_at: '2026-11-22T07:00:00.000Z',
  started_at: '2026-11-22T07:00:01.000Z',
  finished_at: '2026-11-22T07:01:00.000Z',
  ...over,
});

const CARD = {
  analysis_id: 3,
  finished_at: '2026-11-22T07:01:00.000Z',
  timings: {},
  lof_card: {
    method: 'Gradient-boosted regression trees',
    scoredAsOf: '2025-12-31',
    projectLof: 99.5,
    data: { pipes: 3000, linkedBreaks: 812, firstBreak: '2001-01-01', lastBreak: '2025-12-31' },
    featureImportance: [{ feature: 'ageYears', gainShare: 0.6 }],
    backtests: [BACKTEST],
  },
  impute_summary: { imputed: { installYear: 240 }, overridden: {} },
  vis_summary: { segments: 1800, nodes: 2900, components: 1, valvesUnsnapped: 0 },
  cof_summary: { scenarioName: 'US default', calculation: 'hydraulic', currency: 'USD', notes: [] },
  edits_since_analysis: 0,
};

describe('AnalysisDialog', () => {
  beforeEach(async () => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
    await i18n.loadNamespaces(['analysis']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('shows the runs and the model card with the backtest against both raw rankings; admins can rerun', async () => {
    const api = mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/datasets/7/analyses': { body: [run({})] },
      'GET /api/datasets/7/model-card': { body: CARD },
      'POST /api/datasets/7/analyses/all/execute': { status: 202, body: { analysis_id: 4, status: 0 } },
    });
    await renderPage('/data', '/data', <AnalysisButton datasetId={7} name="Demo v1" />);
    await userEvent.click(await screen.findByTestId('analysis-button-7'));
    const dialog = await screen.findByTestId('analysis-dialog');
    expect(within(dialog).getByTestId('analysis-run-3')).toHaveTextContent('Complete');
    const table = await within(dialog).findByTestId('backtest-1');
    expect(table).toHaveTextContent('Ranking quality (AUC)');
    // The two recalls on the riskiest 10 % of length, each named for what it counts (issue 38).
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Ranking',
      'Riskiest 1 % of mains that broke',
      'Breaking mains in the riskiest 10 % of length',
      'Breaks (each one counted) in the riskiest 10 % of length',
      'Ranking quality (AUC)',
    ]);
    expect(dialog).toHaveTextContent(
      'Held out 1 year(s): trained on the breaks before 2022-01-01, tested on those from 2022-01-01 until 2023-01-01',
    );
    expect(dialog).toHaveTextContent('39 of 2,950 mains broke in the window (41 breaks)');
    // A row per ranking, then the difference; a column per measure.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'This model',
      'Oldest first',
      'Most previous breaks first',
      'This model − previous breaks',
    ]);
    const cells = (row: number) => within(rows[row]!).getAllByRole('cell');
    // Value, then its interval.
    expect(cells(0).map((c) => c.textContent)).toEqual([
      '28.6%[24.1–33.0]',
      '31.0%[26.0–36.0]',
      '33.0%[28.0–38.0]',
      '0.910[0.890–0.930]',
    ]);
    expect(cells(1)[3]).toHaveTextContent('0.850[0.830–0.870]');
    // The best of each measure in bold: the model on P@1 % and AUC, oldest first on both R@10 % length.
    const bold = (row: number) => cells(row).map((c) => c.getAttribute('data-best') === 'true');
    expect(bold(0)).toEqual([true, false, false, true]);
    expect(bold(1)).toEqual([false, true, true, false]);
    expect(bold(2)).toEqual([false, false, false, false]);
    expect(cells(0)[0]).toHaveStyle({ fontWeight: 700 });
    expect(cells(0)[1]).not.toHaveStyle({ fontWeight: 700 });
    // The paired difference, signed, with its interval and where the interval lies.
    expect(cells(3).map((c) => c.textContent)).toEqual([
      '+8.6%[+1.2–+15.0]clearly better',
      '+6.0%[-3.0–+14.0]no clear difference',
      '+8.0%[-1.0–+16.0]no clear difference',
      '+0.110[+0.080–+0.140]clearly better',
    ]);
    expect(cells(3).map((c) => c.getAttribute('data-verdict'))).toEqual([
      'above',
      'straddles',
      'straddles',
      'above',
    ]);
    expect(dialog).toHaveTextContent('The baselines are the rankings a utility would use without a model');
    expect(within(dialog).queryByTestId('backtest-outdated')).toBeNull();
    expect(within(dialog).queryByTestId('model-edits-since')).toBeNull();
    expect(within(dialog).queryByTestId('model-unknown-installYear')).toBeNull();
    expect(within(dialog).getByTestId('model-features')).toHaveTextContent('Age 60%');
    expect(within(dialog).getByTestId('model-imputation')).toHaveTextContent('Install year: 240 imputed');
    expect(dialog).toHaveTextContent('hydraulic (EPANET)');
    await userEvent.click(within(dialog).getByTestId('run-analysis-7'));
    await waitFor(() =>
      expect(
        api.fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`),
      ).toContain('POST /api/datasets/7/analyses/all/execute'),
    );
  });

  it('says how many pipe edits were scored with the model since it was trained (issue 14)', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/datasets/7/analyses': { body: [run({})] },
      'GET /api/datasets/7/model-card': { body: { ...CARD, edits_since_analysis: 3 } },
    });
    await renderPage('/data', '/data', <AnalysisButton datasetId={7} name="Demo v1" />);
    await userEvent.click(await screen.findByTestId('analysis-button-7'));
    const dialog = await screen.findByTestId('analysis-dialog');
    expect(await within(dialog).findByTestId('model-edits-since')).toHaveTextContent(
      '3 pipe edits since this model was trained are scored with it; the nightly analysis retrains the model.',
    );
  });

  it('says what a short break record allowed the training (issue 40)', async () => {
    const lofCard = {
      ...CARD.lof_card,
      training: {
        trees: 40,
        cutoffYears: [2023.16, 2022.16, 2021.16],
        validation: { rule: 'last-years', years: 1 },
        recordRule: {
          rule: 'short-record',
          recordYears: 6.7,
          fromYear: 2017.5,
          toYear: 2024.16,
          maxDepth: 3,
          minRowsLeaf: 200,
          minHistoryYears: 1,
        },
      },
    };
    mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/datasets/7/analyses': { body: [run({})] },
      'GET /api/datasets/7/model-card': { body: { ...CARD, lof_card: lofCard } },
    });
    await renderPage('/data', '/data', <AnalysisButton datasetId={7} name="Demo v1" />);
    await userEvent.click(await screen.findByTestId('analysis-button-7'));
    const dialog = await screen.findByTestId('analysis-dialog');
    expect(await within(dialog).findByTestId('model-record')).toHaveTextContent(
      'Break record 6.7 years (2017–2024): too short for five years of history before each training window, so ' +
        'trained on 3 yearly windows with at least 1 year of history before each, 40 trees of depth 3 with at least ' +
        '200 pipe-years a leaf.',
    );
  });

  it('says which attribute was left unknown rather than estimated, and why (issue 15)', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/datasets/7/analyses': { body: [run({})] },
      'GET /api/datasets/7/model-card': {
        body: {
          ...CARD,
          impute_summary: {
            imputed: { installYear: 0, diameterMm: 12 },
            overridden: {},
            known: { installYear: 3, materialTypeCode: 50, diameterMm: 38 },
            unknown: { installYear: 47, materialTypeCode: 0, diameterMm: 0 },
            minKnownShare: 0.25,
            minKnownPipes: 30,
          },
        },
      },
    });
    await renderPage('/data', '/data', <AnalysisButton datasetId={7} name="Demo v1" />);
    await userEvent.click(await screen.findByTestId('analysis-button-7'));
    const dialog = await screen.findByTestId('analysis-dialog');
    expect(await within(dialog).findByTestId('model-unknown-installYear')).toHaveTextContent(
      'Install year left unknown for 47 pipes: only 3 pipes carry it, and an estimate needs at least 25%',
    );
    expect(within(dialog).queryByTestId('model-unknown-diameterMm')).toBeNull();
  });

  it('says the likelihood of failure needs break history, with the way to import breaks (issue 15)', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/datasets/7/analyses': { body: [run({})] },
      'GET /api/datasets/7/model-card': {
        body: { ...CARD, lof_card: { unavailable: 'the dataset has no break record linked to its pipes' } },
      },
    });
    await renderPage('/data', '/data', <AnalysisButton datasetId={7} name="Demo v1" />);
    await userEvent.click(await screen.findByTestId('analysis-button-7'));
    const dialog = await screen.findByTestId('analysis-dialog');
    const notice = await within(dialog).findByTestId('model-unavailable');
    expect(notice).toHaveTextContent(
      'The likelihood of failure needs break history: the dataset has no break record linked to its pipes.',
    );
    expect(within(notice).getByTestId('no-lof-import')).toHaveAttribute('href', '/data/import');
    // What was computed is still shown.
    expect(within(dialog).getByTestId('model-imputation')).toHaveTextContent('Install year: 240 imputed');
  });

  it('shows a backtest stored by an earlier version as a short note, not as a table', async () => {
    const old = { precision_at1_pct: 0.2, precision_at5_pct: 0.1, recall_top10_pct_length: 0.35, auc: 0.9 };
    mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/datasets/7/analyses': { body: [run({})] },
      'GET /api/datasets/7/model-card': {
        body: {
          ...CARD,
          lof_card: {
            ...CARD.lof_card,
            backtests: [
              {
                horizon_years: 1,
                cutoff: '2024-12-31',
                held_out_to: '2025-12-31',
                held_out: { pipes: 2950, breaks: 41, pipes_with_break: 39, length_km: 150 },
                model: old,
                baselines: { age_only: old, previous_breaks_only: old },
              },
            ],
          },
        },
      },
    });
    await renderPage('/data', '/data', <AnalysisButton datasetId={7} name="Demo v1" />);
    await userEvent.click(await screen.findByTestId('analysis-button-7'));
    const dialog = await screen.findByTestId('analysis-dialog');
    expect(await within(dialog).findByTestId('backtest-outdated')).toHaveTextContent(
      'This backtest is from an earlier version of the analysis. Re-running the analysis shows the current one.',
    );
    expect(within(dialog).queryByTestId('backtest-1')).toBeNull();
    expect(within(dialog).getByTestId('model-features')).toHaveTextContent('Age 60%');
  });

  it('says so when no analysis has completed, and hides the run button from viewers', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser({ permission_group_type_code: 3 }) },
      'GET /api/datasets/7/analyses': {
        body: [run({ stage: 'failed', served: false, error: 'LOF exploded' })],
      },
      'GET /api/datasets/7/model-card': {
        status: 404,
        body: { status: 404, message: 'none', code: 'NO_LOF_ASSESSMENT' },
      },
    });
    await renderPage('/data', '/data', <AnalysisButton datasetId={7} name="Demo v1" />);
    await userEvent.click(await screen.findByTestId('analysis-button-7'));
    const dialog = await screen.findByTestId('analysis-dialog');
    expect(await within(dialog).findByText('No analysis has completed yet.')).toBeInTheDocument();
    expect(within(dialog).getByText('LOF exploded')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('run-analysis-7')).toBeNull();
  });

  it('shows a queued run its place in the queue and when it starts (issue 18)', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser({ permission_group_type_code: 3 }) },
      'GET /api/datasets/7/analyses': {
        body: [
          run({
            id: 5,
            stage: 'queued',
            served: false,
            progress: 0,
            queue_position: 2,
            queue_wait_seconds: 170,
          }),
        ],
      },
      'GET /api/datasets/7/model-card': {
        status: 404,
        body: { status: 404, message: 'none', code: 'NO_LOF_ASSESSMENT' },
      },
    });
    await renderPage('/data', '/data', <AnalysisButton datasetId={7} name="Demo v1" />);
    await userEvent.click(await screen.findByTestId('analysis-button-7'));
    const dialog = await screen.findByTestId('analysis-dialog');
    expect(await within(dialog).findByTestId('analysis-run-progress')).toHaveTextContent(
      'Queued: position 2 · starts in about 3 min',
    );
  });
});
