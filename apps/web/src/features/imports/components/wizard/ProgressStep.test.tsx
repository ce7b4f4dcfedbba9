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
});
