import { DATASET_STATUS } from '@pipewise/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wireDataset, wireGroup, wireSnapshot } from '../../features/datasets/test-data.ts';
import { REPORT_PAGES } from '../../features/reports/index.ts';
import { reportResponse } from '../../features/reports/test-data.ts';
import { useSession } from '../../features/session/index.ts';
import { mockApi } from '../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../test/render-page.tsx';
import { testUser } from '../../test/user.ts';
import { ReportPage } from './ReportPage.tsx';

const run = {
  id: 9,
  dataset_id: 3,
  stage: 'lof',
  progress: 40,
  reason: 'import',
  error: null,
  timings: {},
  served: false,
  created_at: '2026-03-02T10:00:00Z',
  started_at: '2026-03-02T10:00:01Z',
  finished_at: null,
};

describe('/reports/{type}', () => {
  beforeEach(() => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('reports on the current dataset in the user’s units', async () => {
    const dataset = wireDataset({ id: 3, name: 'Springfield mains' });
    const group = wireGroup(5, 'Springfield', [dataset]);
    mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/snapshots/current': { body: wireSnapshot(group) },
      'GET /api/datasets/3/reports/query': { body: reportResponse(REPORT_PAGES.asset.categories) },
      'POST /api/report-routes': { status: 204 },
    });
    await renderPage('/reports/:report', '/reports/asset', <ReportPage />);
    expect(await screen.findByTestId('report-title')).toHaveTextContent('Asset report');
    expect(await screen.findByTestId('report-table-length_by_material')).toHaveTextContent('Length (km)');
  });

  it('while the analysis runs, says the results are not ready and where the analysis is', async () => {
    const dataset = wireDataset({ id: 3, name: 'Springfield mains', status: DATASET_STATUS.PREPROCESS });
    const group = wireGroup(5, 'Springfield', [dataset]);
    mockApi({
      'GET /api/user/info': { body: testUser({ subscriptions: ['LOF'] }) },
      'GET /api/snapshots/current': { body: wireSnapshot(group) },
      'GET /api/datasets/3/reports/query': { status: 409, body: { status: 409, message: 'not yet' } },
      'GET /api/datasets/3/analyses': { body: [run] },
      'POST /api/report-routes': { status: 204 },
    });
    await renderPage('/reports/:report', '/reports/lof', <ReportPage />);
    expect(await screen.findByTestId('report-not-ready')).toHaveTextContent('Springfield mains');
    expect(screen.getByTestId('analysis-status')).toHaveTextContent('Status: Preparing the analysis');
    expect(await screen.findByTestId('analysis-status-stage')).toHaveTextContent(
      'Likelihood of failure: 40% done',
    );
  });

  it('without a current dataset, points to the Datasets page', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/snapshots/current': {
        status: 404,
        body: { status: 404, code: 'NO_DATASET', message: 'none' },
      },
      'POST /api/report-routes': { status: 204 },
    });
    await renderPage('/reports/:report', '/reports/asset', <ReportPage />);
    expect(await screen.findByTestId('report-go-to-data')).toHaveAttribute('href', '/data');
  });
});
