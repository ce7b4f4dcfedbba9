import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { testUser } from '../../../test/user.ts';
import { USER_INFO_KEY, useSession } from '../../session/index.ts';
import { importItem } from '../test-fixtures.ts';
import { ImportsList } from './ImportsList.tsx';

const ACTIVE = importItem({ id: 41, status: 'succeeded', rows: 1156, skipped: 6 });
const OLD = importItem({ id: 40, type: 'breaks', asset_layer: null, file_name: 'breaks.csv', archive: true });

describe('ImportsList', () => {
  beforeEach(async () => {
    resetAppState();
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
    await i18n.loadNamespaces(['data']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('lists imports with type, file, rows, who, when and result, and archives one', async () => {
    const api = mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/imports': { body: { imports: [ACTIVE] } },
      'PUT /api/imports/41/archive': { body: { ...ACTIVE, archive: true } },
    });
    await renderPage('/data', '/data', <ImportsList />);
    const row = await screen.findByTestId('import-row-41');
    expect(row).toHaveTextContent('Assets · Pipes');
    expect(row).toHaveTextContent('ky4_pipes.geojson');
    expect(row).toHaveTextContent('1,156 (skipped: 6)');
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(row).toHaveTextContent('Succeeded');
    expect(api.fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/imports?archived=false');

    await userEvent.setup().click(await within(row).findByTestId('import-archive-41'));
    await waitFor(() => expect(screen.queryByTestId('import-row-41')).not.toBeInTheDocument());
    expect(api.find('PUT /api/imports/41/archive')).toHaveLength(1);
  });

  it('shows archived imports on request, and unarchives them', async () => {
    const api = mockApi({
      'GET /api/user/info': { body: testUser() },
      'GET /api/imports': () => ({ body: { imports: [ACTIVE, OLD] } }),
      'PUT /api/imports/40/unarchive': { body: { ...OLD, archive: false } },
    });
    await renderPage('/data', '/data', <ImportsList />);
    await screen.findByTestId('import-row-41');
    expect(screen.queryByTestId('import-row-40')).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByTestId('imports-show-archived'));
    const old = await screen.findByTestId('import-row-40');
    expect(old).toHaveAttribute('data-archived', 'true');
    expect(api.fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/imports?archived=all');

    await user.click(await within(old).findByTestId('import-unarchive-40'));
    await waitFor(() =>
      expect(screen.getByTestId('import-row-40')).toHaveAttribute('data-archived', 'false'),
    );
    expect(api.find('PUT /api/imports/40/unarchive')).toHaveLength(1);
  });

  it('offers no archive action to users who may not import', async () => {
    mockApi({
      'GET /api/user/info': { body: testUser({ permission_group_type_code: 3 }) },
      'GET /api/imports': { body: { imports: [ACTIVE] } },
    });
    await renderPage('/data', '/data', <ImportsList />);
    const row = await screen.findByTestId('import-row-41');
    await waitFor(() => expect(queryClient.getQueryData(USER_INFO_KEY)).toBeDefined());
    expect(within(row).queryByTestId('import-archive-41')).not.toBeInTheDocument();
  });
});
