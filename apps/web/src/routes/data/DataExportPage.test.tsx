// /data/export (issue 17; IO-EXP-01..04): the list asked for 25 a page, a ready file as a download button, a file
// being made as its status, 'New export' for the current dataset with the kinds the server may make, the toasts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExportItem, ExportList } from '@pipewise/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialogHost } from '../../components/confirm-dialog/index.ts';
import { useToastStore } from '../../components/toast/index.ts';
import { useSession } from '../../features/session/index.ts';
import { testUser } from '../../test/user.ts';
import { wireDataset, wireGroup, wireSnapshot } from '../../features/datasets/test-data.ts';
import { mockApi } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { DataExportPage } from './DataExportPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  useToastStore.getState().hide();
});

const item = (id: number, over: Partial<ExportItem> = {}): ExportItem => ({
  id,
  title: 'Springfield mains',
  kind: 'lof',
  format: 'gpkg',
  status: 'ready',
  createdAt: '2026-11-20T10:00:00.000Z',
  finishedAt: '2026-11-20T10:00:05.000Z',
  user: { id: 3, name: 'Ann Engineer' },
  datasetId: 7,
  scenarioId: null,
  rows: 100,
  sizeBytes: 1000,
  message: null,
  ...over,
});

const on = { csv: true, geojson: true, gpkg: true, shp: true };
const off = { csv: false, geojson: false, gpkg: false, shp: false };
const list = (items: ExportItem[], totalCount = items.length): ExportList => ({
  items,
  totalCount,
  availability: { lof: on, cofBre: off, normalizedPipe: off, normalizedBreak: off, vis: off },
});

const current = () => ({ body: wireSnapshot(wireGroup(1, 'Springfield', [wireDataset({ id: 7 })])) });

describe('DataExportPage', () => {
  it('lists a page of files: a ready one as a download, one being made as its status', async () => {
    const api = mockApi({
      'GET /api/snapshots/current': current,
      'GET /api/exports': { body: list([item(2, { status: 'running', format: 'shp' }), item(1)], 30) },
    });
    renderWithApp(<DataExportPage />);
    const row = await screen.findByTestId('export-row-1');
    expect(within(row).getByText('Springfield mains')).toBeTruthy();
    expect(within(row).getByText('Ann Engineer')).toBeTruthy();
    expect(screen.getByTestId('export-download-1').textContent).toContain('GeoPackage');
    expect(screen.getByTestId('export-status-2').textContent).toBe('Being made');
    const url = new URL(String(api.fetchMock.mock.calls.find((c) => String(c[0]).includes('/api/exports'))![0]), 'http://x');
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('pageSize')).toBe('25');
    // 30 files: a second page, asked of the server.
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() =>
      expect(api.fetchMock.mock.calls.some((c) => String(c[0]).includes('page=2'))).toBe(true),
    );
  });

  it('asks for a new export of the current dataset and says it started', async () => {
    const api = mockApi({
      'GET /api/snapshots/current': current,
      'GET /api/exports': { body: list([]) },
      'POST /api/datasets/7/exports': { status: 202, body: item(5, { status: 'queued' }) },
    });
    renderWithApp(<DataExportPage />);
    expect(await screen.findByTestId('exports-empty')).toBeTruthy();
    const submit = screen.getByTestId('new-export-submit');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(useToastStore.getState().toast?.color).toBe('success'));
    expect(api.find('POST /api/datasets/7/exports')[0]?.body).toEqual({ kind: 'lof', format: 'gpkg' });
  });

  it('says so when the export cannot be started', async () => {
    mockApi({
      'GET /api/snapshots/current': current,
      'GET /api/exports': { body: list([]) },
      'POST /api/datasets/7/exports': { status: 500, body: { status: 500, message: 'boom' } },
    });
    renderWithApp(<DataExportPage />);
    const submit = await screen.findByTestId('new-export-submit');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(useToastStore.getState().toast?.color).toBe('error'));
  });

  it('offers nothing to make when no kind is available (a demo account)', async () => {
    const none = { ...list([]), availability: { ...list([]).availability, lof: off } };
    mockApi({ 'GET /api/snapshots/current': current, 'GET /api/exports': { body: none } });
    renderWithApp(<DataExportPage />);
    await screen.findByTestId('exports-empty');
    expect((screen.getByTestId('new-export-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends a ready file by e-mail and names the recipient, or says it failed (§8 toasts)', async () => {
    let fail = false;
    const api = mockApi({
      'GET /api/snapshots/current': current,
      'GET /api/exports': { body: list([item(1)]) },
      'POST /api/exports/1/email': () =>
        fail
          ? { status: 502, body: { status: 502, message: 'smtp down' } }
          : { status: 202, body: { email: 'ann@utility.test' } },
    });
    renderWithApp(<DataExportPage />);
    fireEvent.click(await screen.findByTestId('export-email-1'));
    await waitFor(() => expect(useToastStore.getState().toast?.color).toBe('success'));
    expect(useToastStore.getState().toast).toMatchObject({ text: expect.stringContaining('ann@utility.test'), timer: 5000 });
    expect(api.find('POST /api/exports/1/email')).toHaveLength(1);
    fail = true;
    fireEvent.click(screen.getByTestId('export-email-1'));
    await waitFor(() => expect(useToastStore.getState().toast?.color).toBe('error'));
  });

  it("downloads the file a mail's link names (?file=)", async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }));
    const api = mockApi({
      'GET /api/snapshots/current': current,
      'GET /api/exports': { body: list([item(9)]) },
      'GET /api/exports/9/file': { body: { not: 'really a file' } },
    });
    renderWithApp(<DataExportPage />, { path: '/data/export?file=9' });
    await waitFor(() => expect(api.find('GET /api/exports/9/file')).toHaveLength(1));
  });

  it('lets the maker delete a file after a confirmation naming it, and hides the bin on colleagues\' files', async () => {
    useSession.getState().setTokens({ access: 'access-1', refresh: 'refresh-1' });
    let items = [item(1), item(2, { user: { id: 4, name: 'Bob Colleague' }, title: 'Other town' })];
    const api = mockApi({
      'GET /api/snapshots/current': current,
      'GET /api/user/info': { body: testUser({ id: 3, permission_group_type_code: 3 }) },
      'GET /api/exports': () => ({ body: list(items) }),
      'DELETE /api/exports/1': () => {
        items = items.filter((i) => i.id !== 1);
        return { status: 204, body: null };
      },
    });
    renderWithApp(
      <>
        <DataExportPage />
        <ConfirmDialogHost />
      </>,
    );
    fireEvent.click(await screen.findByTestId('export-delete-1'));
    expect(screen.queryByTestId('export-delete-2')).toBeNull();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Springfield mains');
    expect(dialog.textContent).toContain('30 days');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.find('DELETE /api/exports/1')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('export-row-1')).toBeNull());
    expect(useToastStore.getState().toast?.color).toBe('success');
    useSession.getState().clear();
  });
});
