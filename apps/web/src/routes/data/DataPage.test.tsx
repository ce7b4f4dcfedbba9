import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialogHost } from '../../components/confirm-dialog/index.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_INFO_KEY, useSession } from '../../features/session/index.ts';
import { i18n } from '../../lib/i18n.ts';
import { queryClient } from '../../lib/query-client.ts';
import { mockApi } from '../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../test/render-page.tsx';
import { testUser } from '../../test/user.ts';
import { DataPage } from './DataPage.tsx';
import { DataUnavailablePage } from './DataUnavailablePage.tsx';

function dataset(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    original_dataset_id: id,
    name: 'Original',
    origin: 0,
    status: 2,
    refresh_status: 'NONE',
    active: true,
    center: [-84.5, 37.8],
    zoom: 12,
    model_type: 'GIS',
    scenario: null,
    rul: false,
    imputed_pipeline_file_url: null,
    virtual_pipe_phase: 0,
    folder: 'r1',
    ra_complete: false,
    assets: {},
    distribution_master: { diameter: 1, install_year: 0, material: 0 },
    snapshot_entity_id: 10 + id,
    version: id,
    pipe_count: 1156,
    total_length_m: 190_000,
    synthetic: false,
    created_at: '2026-11-22T04:00:00Z',
    snapshot_group_entity_id: 5,
    snapshot_group_name: 'Kentucky KY4',
    snapshot_type: 'CURRENT',
    ...overrides,
  };
}

const imperial = { segment: 'ft', diameter: 'in', segment_large: 'mi' };

describe('/data', () => {
  beforeEach(async () => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
    await i18n.loadNamespaces(['data', 'shell']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it("lists every version with its state, pipes, length in the user's units, status and demo chip", async () => {
    mockApi({
      'GET /api/user/info': {
        body: testUser({ units: { language: 'en', default: imperial, user: imperial, currency_code: 'USD' } }),
      },
      'GET /api/datasets': {
        body: {
          datasets: [
            dataset(2),
            dataset(1, { snapshot_type: 'ARCHIVE', status: 0, synthetic: true, total_length_m: 1609.34 }),
          ],
        },
      },
      'GET /api/imports': { body: { imports: [] } },
    });
    await renderPage('/data', '/data', <DataPage />);
    const current = await screen.findByTestId('dataset-version-2');
    await waitFor(() => expect(current).toHaveTextContent('118.06 mi'));
    expect(current).toHaveTextContent('Kentucky KY4');
    expect(current).toHaveTextContent('Current');
    expect(current).toHaveTextContent('1,156');
    expect(current).toHaveTextContent('Not analysed yet');
    const archived = screen.getByTestId('dataset-version-1');
    expect(archived).toHaveTextContent('Archived');
    expect(archived).toHaveTextContent('1 mi');
    expect(archived).toHaveTextContent('Complete');
    expect(within(archived).getByTestId('dataset-synthetic-1')).toHaveTextContent('Synthetic demo data');
    expect(screen.queryByTestId('dataset-synthetic-2')).not.toBeInTheDocument();
    expect(screen.getByTestId('import-data-button')).toHaveAttribute('href', '/data/import');
    expect(screen.queryByTestId('dataset-no-lof-2')).not.toBeInTheDocument();
  });

  it('marks a complete version without a likelihood of failure: it needs break history (issue 15)', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/datasets': {
        body: {
          datasets: [
            dataset(2, { status: 0, lof_unavailable: 'the dataset has no break record linked to its pipes' }),
          ],
        },
      },
      'GET /api/imports': { body: { imports: [] } },
    });
    await renderPage('/data', '/data', <DataPage />);
    const row = await screen.findByTestId('dataset-version-2');
    expect(row).toHaveTextContent('Complete');
    expect(within(row).getByTestId('dataset-no-lof-2')).toHaveTextContent('No LOF: needs break history');
  });

  it('deletes a version after a confirmation naming it, and lists what is left (issue 15)', async () => {
    let left = [dataset(2), dataset(1, { snapshot_type: 'ARCHIVE' })];
    const api = mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/datasets': () => ({ body: { datasets: left } }),
      'GET /api/imports': { body: { imports: [] } },
      'DELETE /api/datasets/1': () => {
        left = [dataset(2)];
        return { status: 204 };
      },
    });
    await renderPage(
      '/data',
      '/data',
      <>
        <DataPage />
        <ConfirmDialogHost />
      </>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('dataset-delete-1'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog).toHaveTextContent('Delete Kentucky KY4 v1?');
    expect(dialog).toHaveTextContent('The other versions of the network keep their data.');
    await user.click(within(dialog).getByTestId('confirm-cancel'));
    expect(api.find('DELETE /api/datasets/1')).toHaveLength(0);

    await user.click(screen.getByTestId('dataset-delete-1'));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-action'));
    await waitFor(() => expect(screen.queryByTestId('dataset-version-1')).not.toBeInTheDocument());
    expect(api.find('DELETE /api/datasets/1')).toHaveLength(1);
    expect(screen.getByTestId('dataset-version-2')).toBeInTheDocument();
  });

  it('offers no import to users who may not import', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser({ permission_group_type_code: 2 }) },
      'GET /api/datasets': { body: { datasets: [] } },
      'GET /api/imports': { body: { imports: [] } },
    });
    await renderPage('/data', '/data', <DataPage />);
    expect(await screen.findByTestId('dataset-versions-empty')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryData(USER_INFO_KEY)).toBeDefined());
    expect(screen.queryByTestId('import-data-button')).not.toBeInTheDocument();
  });

  it('/data/unavailable leads administrators to the import wizard', async () => {
    mockApi({ 'GET /api/user/info': { body: testUser() } });
    await renderPage('/data/unavailable', '/data/unavailable', <DataUnavailablePage />);
    expect(await screen.findByTestId('import-data-button')).toHaveAttribute('href', '/data/import');
  });
});
