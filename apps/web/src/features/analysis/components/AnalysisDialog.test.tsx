import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { testUser } from '../../../test/user.ts';
import { useSession } from '../../session/index.ts';
import { AnalysisButton } from './AnalysisButton.tsx';

const metrics = (auc: number) => ({
  precisionAt1Pct: 0.2,
  precisionAt5Pct: 0.1,
  recallTop10PctLength: 0.35,
  auc,
  expectedBreaks: 40,
  observedBreaks: 38,
});

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
    backtests: [
      {
        horizonYears: 1,
        cutoff: '2024-12-31',
        heldOutTo: '2025-12-31',
        heldOut: { pipes: 2950, breaks: 41, pipesWithBreak: 39, lengthKm: 150 },
        model: metrics(0.91),
        baselines: { ageOnly: metrics(0.85), previousBreaksOnly: metrics(0.8) },
      },
    ],
  },
  impute_summary: { imputed: { installYear: 240 }, overridden: {} },
  vis_summary: { segments: 1800, nodes: 2900, components: 1, valvesUnsnapped: 0 },
  cof_summary: { scenarioName: 'US default', calculation: 'hydraulic', currency: 'USD', notes: [] },
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

  it('shows the runs and the model card with the backtest against both baselines; admins can rerun', async () => {
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
    expect(table).toHaveTextContent('0.910');
    expect(table).toHaveTextContent('0.850');
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
});
