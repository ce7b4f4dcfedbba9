import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { testUser } from '../../../test/user.ts';
import { CURRENT_SNAPSHOT_KEY, DATASET_STATUS_KEY } from '../../datasets/index.ts';
import { useSession } from '../../session/index.ts';
import type { Camelize } from '../../../lib/case.ts';
import { camelizeKeys } from '../../../lib/case.ts';
import { i18n } from '../../../lib/i18n.ts';
import { assetKey } from '../api/get-asset.ts';
import { wireAsset } from '../test-data.ts';
import type { AssetDetails, EditableAttribute } from '../types.ts';
import { PipeEditDialog } from './PipeEditDialog.tsx';

const imperial = { segment: 'ft', diameter: 'in', segment_large: 'mi' };
const pipe = (over: Parameters<typeof wireAsset>[0] = {}) =>
  camelizeKeys<Camelize<ReturnType<typeof wireAsset>>>(wireAsset(over)) as AssetDetails;

const RESCORED = { analysis: 'rescored', reason: null };

function serve(user: Record<string, unknown> = {}, edit: object = RESCORED) {
  return mockApi({
    'GET /api/user/info': { body: testUser({ subscriptions: ['VP'], ...user }) },
    'PATCH /api/datasets/7/assets/1042': (call) => ({ body: { ...wireAsset(call.body as object), edit } }),
  });
}

function renderDialog(attribute: EditableAttribute, asset = pipe()) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const result = renderWithApp(
    <PipeEditDialog
      datasetId={7}
      pipe={asset}
      attribute={attribute}
      open
      onClose={onClose}
      onSaved={onSaved}
    />,
  );
  return { ...result, onClose, onSaved };
}

const value = () => screen.getByTestId('pipe-edit-value');
const helper = () => screen.getByTestId('pipe-edit-helper');
const type = (text: string) => fireEvent.change(value(), { target: { value: text } });

describe('PipeEditDialog (PIPE-EDIT-01…07)', () => {
  beforeEach(() => useSession.setState({ accessToken: 'token' }));
  afterEach(() => {
    useSession.setState({ accessToken: null });
    vi.unstubAllGlobals();
  });

  it('validates the install year: required, numeric, 1800 to the current year (PIPE-EDIT-06)', async () => {
    const api = serve();
    renderDialog('installYear');
    const year = new Date().getFullYear();
    expect(value()).toHaveValue('1965');
    type('');
    await waitFor(() => expect(helper()).toHaveTextContent('This field is required.'));
    type('19x5');
    await waitFor(() => expect(helper()).toHaveTextContent('Enter a number.'));
    type('1799');
    await waitFor(() => expect(helper()).toHaveTextContent(`Enter a 4-digit year between 1800 and ${year}.`));
    type(String(year + 1));
    await waitFor(() => expect(helper()).toHaveTextContent(`between 1800 and ${year}`));
    fireEvent.click(screen.getByTestId('pipe-edit-confirm'));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.find('PATCH /api/datasets/7/assets/1042')).toEqual([]);
  });

  it('saves a valid year with PATCH, refetches asset, snapshot and analysis status, and calls onSaved (PIPE-EDIT-13/14)', async () => {
    const api = serve();
    const { client, onSaved, onClose } = renderDialog('installYear');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    type('1971');
    fireEvent.click(screen.getByTestId('pipe-edit-confirm'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // The dialog says what the edit did, then Close closes it.
    expect(await screen.findByTestId('pipe-edit-outcome')).toHaveTextContent('Saved and re-scored.');
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('pipe-edit-close'));
    expect(onClose).toHaveBeenCalled();
    expect(api.find('PATCH /api/datasets/7/assets/1042').map((c) => c.body)).toEqual([
      { install_year: 1971 },
    ]);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    // The server re-runs the analysis after every edit, so the status poll has to start (update-asset.ts).
    expect(keys).toEqual(
      expect.arrayContaining([assetKey(7, 1042), CURRENT_SNAPSHOT_KEY, DATASET_STATUS_KEY]),
    );
  });

  it('Restore puts the imputed value back; confirming it removes the override (PIPE-EDIT-04)', async () => {
    const api = serve();
    renderDialog('installYear');
    type('1990');
    fireEvent.click(screen.getByTestId('pipe-edit-restore'));
    await waitFor(() => expect(value()).toHaveValue('1962'));
    fireEvent.click(screen.getByTestId('pipe-edit-confirm'));
    await waitFor(() => expect(api.find('PATCH /api/datasets/7/assets/1042')).toHaveLength(1));
    expect(api.find('PATCH /api/datasets/7/assets/1042')[0]!.body).toEqual({ install_year: null });
  });

  it('disables Restore while the imputation is unknown', async () => {
    serve();
    renderDialog('installYear', pipe({ imputed_install_year: null }));
    await screen.findByTestId('pipe-edit-value');
    expect(screen.getByTestId('pipe-edit-restore')).toBeDisabled();
  });

  it('shows the imputed likelihood per category as horizontal bars, most likely first (PIPE-EDIT-02)', async () => {
    serve();
    renderDialog('installYear');
    const bars = await screen.findAllByTestId('likelihood-bar');
    expect(bars.map((bar) => bar.textContent)).toEqual([
      '1960–196970.0%',
      '1950–195920.0%',
      '1970–197910.0%',
    ]);
    expect(within(bars[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '70');
  });

  it('chooses the material from the 11 translated materials (PIPE-EDIT-05)', async () => {
    const api = serve();
    renderDialog('materialTypeCode');
    const select = screen.getByRole('combobox');
    fireEvent.mouseDown(select);
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(11);
    expect(options.map((o) => o.textContent)).toContain('Ductile iron');
    fireEvent.click(screen.getByTestId('pipe-edit-material-8'));
    fireEvent.click(screen.getByTestId('pipe-edit-confirm'));
    await waitFor(() => expect(api.find('PATCH /api/datasets/7/assets/1042')).toHaveLength(1));
    expect(api.find('PATCH /api/datasets/7/assets/1042')[0]!.body).toEqual({ material_type_code: 8 });
    expect(screen.getAllByTestId('likelihood-bar')[0]).toHaveTextContent('Ductile iron');
  });

  it('takes the diameter 0–999 in the user unit and sends millimetres (PIPE-EDIT-07)', async () => {
    const api = serve({ units: { language: 'en', default: imperial, user: imperial, currency_code: 'USD' } });
    renderDialog('diameter', pipe({ diameter_status: 1, imputed_diameter: 203.2 }));
    await waitFor(() => expect(value()).toHaveValue('5.9'));
    type('1000');
    await waitFor(() => expect(helper()).toHaveTextContent('Enter a value between 0 and 999.'));
    type('-1');
    await waitFor(() => expect(helper()).toHaveTextContent('Enter a value between 0 and 999.'));
    type('6');
    fireEvent.click(screen.getByTestId('pipe-edit-confirm'));
    await waitFor(() => expect(api.find('PATCH /api/datasets/7/assets/1042')).toHaveLength(1));
    expect(api.find('PATCH /api/datasets/7/assets/1042')[0]!.body).toEqual({ diameter: 152.4 });
  });

  it("shows the server's message when saving fails", async () => {
    mockApi({
      'GET /api/user/info': { body: testUser({ subscriptions: ['VP'] }) },
      'PATCH /api/datasets/7/assets/1042': {
        status: 403,
        body: { status: 403, code: 'DEMO_READ_ONLY', message: 'Demo accounts cannot change data' },
      },
    });
    const { onClose } = renderDialog('installYear');
    type('1971');
    fireEvent.click(screen.getByTestId('pipe-edit-confirm'));
    expect(await screen.findByTestId('pipe-edit-error')).toHaveTextContent(
      'Saving failed: Demo accounts cannot change data',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when the change waits for the analysis under way, or why a full analysis was queued (issue 38)', async () => {
    serve({}, { analysis: 'pending_run', reason: null });
    const { unmount } = renderDialog('installYear');
    type('1971');
    fireEvent.click(screen.getByTestId('pipe-edit-confirm'));
    expect(await screen.findByTestId('pipe-edit-outcome')).toHaveTextContent(
      'Saved. An analysis is under way: this change is applied when it finishes.',
    );
    expect(screen.queryByTestId('pipe-edit-confirm')).toBeNull();
    unmount();

    serve({}, { analysis: 'queued', reason: 'hydraulic_diameter' });
    renderDialog('installYear');
    type('1972');
    fireEvent.click(screen.getByTestId('pipe-edit-confirm'));
    expect(await screen.findByTestId('pipe-edit-outcome')).toHaveTextContent(
      'Saved. A full analysis was queued because a diameter change alters the simulated outages of the hydraulic consequence model.',
    );
  });

  it("says it in the user's language", async () => {
    serve({}, { analysis: 'queued', reason: 'abandoned' });
    renderDialog('installYear');
    try {
      await act(async () => {
        await i18n.changeLanguage('de');
        await i18n.loadNamespaces(['details']);
      });
      type('1971');
      fireEvent.click(screen.getByTestId('pipe-edit-confirm'));
      expect(await screen.findByTestId('pipe-edit-outcome')).toHaveTextContent(
        'Gespeichert. Eine vollständige Analyse wurde eingereiht, weil die Leitung als stillgelegt markiert ist.',
      );
      expect(screen.getByTestId('pipe-edit-close')).toHaveTextContent('Schließen');
    } finally {
      await act(async () => {
        await i18n.changeLanguage('en');
      });
    }
  });

  it('Cancel closes without saving', async () => {
    const api = serve();
    const { onClose } = renderDialog('installYear');
    fireEvent.click(screen.getByTestId('pipe-edit-cancel'));
    expect(onClose).toHaveBeenCalled();
    expect(api.find('PATCH /api/datasets/7/assets/1042')).toEqual([]);
  });
});
