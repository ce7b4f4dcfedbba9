import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../../test/render-page.tsx';
import { useSession } from '../../../session/index.ts';
import { importItem, wizardAfterUpload } from '../../test-fixtures.ts';
import { ProgressStep } from './ProgressStep.tsx';

describe('ProgressStep', () => {
  beforeEach(async () => {
    resetAppState();
    await wizardAfterUpload({ step: 7, importId: 41 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('polls the import every second, showing its progress, until it succeeded; then opens it on the map', async () => {
    const answers = [
      importItem({ status: 'running', progress: 0.25 }),
      importItem({ status: 'running', progress: 0.75 }),
      importItem({
        status: 'succeeded',
        progress: 1,
        imported: 1150,
        skipped: 6,
        snapshot_group_id: 5,
        dataset_id: 9,
      }),
    ];
    const api = mockApi({
      'GET /api/imports/41': () => ({ body: answers.shift() ?? importItem({ status: 'succeeded' }) }),
      'GET /api/snapshots/set-current': { status: 204 },
    });
    await renderPage('/data/import', '/data/import', <ProgressStep />);

    const bar = await screen.findByTestId('import-progress');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
    await waitFor(
      () => expect(screen.getByTestId('import-progress')).toHaveAttribute('aria-valuenow', '75'),
      {
        timeout: 2500,
      },
    );
    expect(await screen.findByTestId('import-succeeded', {}, { timeout: 2500 })).toHaveTextContent(
      'Rows imported: 1,150, skipped: 6',
    );
    expect(screen.queryByTestId('import-progress')).not.toBeInTheDocument();
    expect(api.find('GET /api/imports/41')).toHaveLength(3);
    expect(screen.getByTestId('import-back-to-data')).toHaveAttribute('href', '/data');

    await userEvent.setup().click(screen.getByTestId('import-open-map'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/map'));
    const switchCall = api.calls.find((c) => c.path === '/api/snapshots/set-current');
    expect(switchCall).toBeDefined();
    // No more polling once the job has finished.
    await new Promise((r) => setTimeout(r, 1200));
    expect(api.find('GET /api/imports/41')).toHaveLength(3);
  }, 10_000);

  it("shows the server's message when the import failed", async () => {
    mockApi({
      'GET /api/imports/41': {
        body: importItem({
          status: 'failed',
          message: 'ky4_pipes.geojson row 17: diameter "abc" is not a number',
        }),
      },
    });
    await renderPage('/data/import', '/data/import', <ProgressStep />);
    expect(await screen.findByTestId('import-failed')).toHaveTextContent(
      'row 17: diameter "abc" is not a number',
    );
    expect(screen.queryByTestId('import-open-map')).not.toBeInTheDocument();
  });

  it('stops polling a failed import and offers to try it again, following the new import (issue 18)', async () => {
    const api = mockApi({
      'GET /api/imports/41': {
        body: importItem({
          status: 'failed',
          message: 'mains.csv: the server stopped during this import and nothing was changed',
        }),
      },
      'POST /api/imports/41/retry': { status: 202, body: importItem({ id: 42, status: 'queued' }) },
      'GET /api/imports/42': { body: importItem({ id: 42, status: 'succeeded', imported: 12, skipped: 0 }) },
    });
    await renderPage('/data/import', '/data/import', <ProgressStep />);
    expect(await screen.findByTestId('import-failed')).toHaveTextContent('the server stopped');
    await new Promise((r) => setTimeout(r, 1200));
    expect(api.find('GET /api/imports/41')).toHaveLength(1);

    await userEvent.setup().click(screen.getByTestId('import-retry'));
    expect(await screen.findByTestId('import-succeeded', {}, { timeout: 2500 })).toHaveTextContent(
      'Rows imported: 12',
    );
    expect(api.find('POST /api/imports/41/retry')).toHaveLength(1);
    expect(screen.queryByTestId('import-retry')).not.toBeInTheDocument();
  }, 10_000);

  it("shows the server's answer when the upload to try again is gone", async () => {
    mockApi({
      'GET /api/imports/41': { body: importItem({ status: 'failed', message: 'failed' }) },
      'POST /api/imports/41/retry': {
        status: 410,
        body: {
          status: 410,
          message: 'The uploaded file is gone; please upload it again.',
          code: 'NOT_FOUND',
        },
      },
    });
    await renderPage('/data/import', '/data/import', <ProgressStep />);
    await userEvent.setup().click(await screen.findByTestId('import-retry'));
    expect(await screen.findByTestId('import-retry-error')).toHaveTextContent('The uploaded file is gone');
  });
});
