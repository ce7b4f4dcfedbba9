import { DATASET_STATUS, type DatasetStatusEntry } from '@pipewise/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { wireDataset, wireGroup, wireSnapshot, wireStatus } from '../test-data.ts';
import { DatasetStatusOverlay } from './DatasetStatusOverlay.tsx';

function serve(status: number, snapshotStatus = status, run: Partial<DatasetStatusEntry> = {}) {
  const dataset = wireDataset({ id: 42, name: 'Springfield mains', status: snapshotStatus });
  return mockApi({
    'GET /api/snapshots/current': { body: wireSnapshot(wireGroup(1, 'Springfield', [dataset])) },
    'GET /api/datasets/status': { body: [wireStatus(dataset, { status, ...run })] },
  });
}

describe('DatasetStatusOverlay (DATA-OVL-01…03)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['PREPROCESS', DATASET_STATUS.PREPROCESS, 'Preparing the analysis'],
    ['COF_PENDING', DATASET_STATUS.COF_PENDING, 'Calculating consequence of failure'],
    ['TILING', DATASET_STATUS.TILING, 'Building the map'],
  ])('shows name, ID, status and a spinner while %s', async (_name, status, label) => {
    serve(status);
    renderWithApp(<DatasetStatusOverlay />);
    const overlay = await screen.findByTestId('dataset-status-overlay');
    expect(overlay).toHaveAttribute('data-status', String(status));
    expect(screen.getByTestId('dataset-status-name')).toHaveTextContent('Springfield mains');
    expect(screen.getByTestId('dataset-status-id')).toHaveTextContent('ID 42');
    await waitFor(() => expect(screen.getByTestId('dataset-status-label')).toHaveTextContent(label));
    expect(screen.getByTestId('dataset-status-spinner')).toBeInTheDocument();
  });

  it.each([
    [DATASET_STATUS.UNPROCESSED, 'Not analysed yet'],
    [DATASET_STATUS.WAITING, 'Waiting to start'],
    [DATASET_STATUS.CANCELLED, 'Cancelled'],
  ])('shows status %i without a spinner', async (status, label) => {
    serve(status);
    renderWithApp(<DatasetStatusOverlay />);
    expect(await screen.findByTestId('dataset-status-label')).toHaveTextContent(label);
    expect(screen.queryByTestId('dataset-status-spinner')).toBeNull();
  });

  it('says a new analysis is required when cancelled (DATA-ST-03)', async () => {
    serve(DATASET_STATUS.CANCELLED);
    renderWithApp(<DatasetStatusOverlay />);
    expect(await screen.findByText('A new analysis is required.')).toBeInTheDocument();
  });

  it('says why the last run failed, in the server’s words, and nothing while a run is under way', async () => {
    const reason = 'The analysis needed more memory than this server allows; it was not retried (JS heap).';
    serve(DATASET_STATUS.CANCELLED, DATASET_STATUS.CANCELLED, {
      analysis_stage: 'failed',
      analysis_error: reason,
    });
    renderWithApp(<DatasetStatusOverlay />);
    expect(await screen.findByTestId('dataset-status-failure')).toHaveTextContent(
      `The last analysis failed: ${reason}`,
    );
  });

  it('shows the stage, its progress and the time left once the server gives it (issue 15)', async () => {
    serve(DATASET_STATUS.PREPROCESS, DATASET_STATUS.PREPROCESS, {
      analysis_stage: 'lof',
      analysis_progress: 43.4,
      analysis_eta_seconds: 170,
    });
    renderWithApp(<DatasetStatusOverlay />);
    expect(await screen.findByTestId('dataset-status-stage')).toHaveTextContent(
      'Likelihood of failure · 43 % · about 3 min left',
    );
  });

  it('shows a queued run its place in the queue and when it starts (issue 18)', async () => {
    serve(DATASET_STATUS.WAITING, DATASET_STATUS.WAITING, {
      analysis_stage: 'queued',
      analysis_progress: 0,
      analysis_queue_position: 3,
      analysis_queue_wait_seconds: 250,
    });
    renderWithApp(<DatasetStatusOverlay />);
    expect(await screen.findByTestId('dataset-status-queue')).toHaveTextContent(
      'Queued: position 3 · starts in about 4 min',
    );
  });

  it('shows no failure for an earlier try that is being retried', async () => {
    serve(DATASET_STATUS.PREPROCESS, DATASET_STATUS.PREPROCESS, {
      analysis_stage: 'preprocess',
      analysis_progress: 5,
      analysis_error: 'Connection terminated unexpectedly',
    });
    renderWithApp(<DatasetStatusOverlay />);
    expect(await screen.findByTestId('dataset-status-stage')).toBeInTheDocument();
    expect(screen.queryByTestId('dataset-status-failure')).toBeNull();
  });

  it('is absent once the analysis is complete, trusting the polled status over the snapshot', async () => {
    const api = serve(DATASET_STATUS.COMPLETE, DATASET_STATUS.TILING);
    renderWithApp(<DatasetStatusOverlay />);
    await waitFor(() => expect(api.find('GET /api/datasets/status')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('dataset-status-overlay')).toBeNull());
  });

  it('is absent without a dataset', async () => {
    const api = mockApi({
      'GET /api/snapshots/current': { status: 404, body: { code: 'NO_DATASET', message: 'none' } },
    });
    renderWithApp(<DatasetStatusOverlay />);
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(screen.queryByTestId('dataset-status-overlay')).toBeNull();
  });
});
