import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../test/render-page.tsx';
import { useSession } from '../../session/index.ts';
import { useImportWizard } from '../state.ts';
import { UPLOAD, importItem, wizardAfterUpload } from '../test-fixtures.ts';
import { ImportWizard } from './ImportWizard.tsx';

/** Stands in for the browser's XHR: records the request, reports progress, then answers. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer: { status: number; body: unknown } = { status: 200, body: UPLOAD };
  headers: Record<string, string> = {};
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      setTimeout(() => {
        this.status = FakeXhr.answer.status;
        this.responseText = JSON.stringify(FakeXhr.answer.body);
        this.onload?.();
      }, 50);
    }, 10);
  }
}

describe('ImportWizard', () => {
  beforeEach(async () => {
    resetAppState();
    await wizardAfterUpload();
    useImportWizard.getState().reset();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.answer = { status: 200, body: UPLOAD };
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  async function chooseFileAndUpload() {
    const user = userEvent.setup();
    const file = new File(['{"type":"FeatureCollection","features":[]}'], 'ky4_pipes.geojson');
    await user.upload(screen.getByTestId('import-file-input'), file);
    await user.type(screen.getByTestId('import-new-name'), 'Kentucky KY4');
    await user.click(screen.getByTestId('import-next'));
    return user;
  }

  it('uploads the chosen file with the session headers, then offers its layer', async () => {
    mockApi({ 'GET /api/snapshot-groups': { status: 404, body: { status: 404, message: 'none' } } });
    await renderPage('/data/import', '/data/import', <ImportWizard />);
    expect(screen.getByTestId('import-next')).toBeDisabled();
    const user = await chooseFileAndUpload();

    expect(await screen.findByTestId('import-upload-done')).toHaveTextContent(
      'ky4_pipes.geojson uploaded (GeoJSON)',
    );
    expect(FakeXhr.last?.url).toBe('/api/imports/uploads');
    expect(FakeXhr.last?.headers.Authorization).toBe('Bearer access-1');
    expect(FakeXhr.last?.headers['X-CSRF-Token']).toBe('test-csrf');
    expect((FakeXhr.last?.body?.get('file') as File).name).toBe('ky4_pipes.geojson');

    await user.click(screen.getByTestId('import-next'));
    expect(await screen.findByTestId('import-layer-ky4_pipes')).toBeChecked();
    expect(screen.getByTestId('import-layer-step')).toHaveTextContent('features: 1156');
    expect(screen.getByTestId('import-next')).toBeEnabled();
  });

  it("shows the server's message when the file is refused", async () => {
    FakeXhr.answer = {
      status: 400,
      body: { status: 400, code: 'IMPORT_FILE_INVALID', message: 'ky4_pipes.geojson line 1: not valid JSON' },
    };
    mockApi({ 'GET /api/snapshot-groups': { body: [] } });
    await renderPage('/data/import', '/data/import', <ImportWizard />);
    await chooseFileAndUpload();
    expect(await screen.findByTestId('import-upload-error')).toHaveTextContent(
      'ky4_pipes.geojson line 1: not valid JSON',
    );
    expect(screen.getByTestId('import-next')).toBeDisabled();
  });

  it('carries the risk factors ticked on the columns step to the review and the commit', async () => {
    await wizardAfterUpload({ step: 3 });
    const columns = ['PIPE_ID', 'DIAM', 'SOIL', 'CONDITION', 'PCLASS'];
    const api = mockApi({
      'GET /api/snapshot-groups': { body: [] },
      'POST /api/imports/uploads/up-1/inspect': {
        body: {
          layer: { ...UPLOAD.layers[0], columns },
          target_fields: [
            { field: 'nativeId', required: true },
            { field: 'diameter', required: false },
          ],
          suggested_mapping: { nativeId: 'PIPE_ID', diameter: 'DIAM' },
          sample: [['P-1', 150, 'clay', 'poor', 'PN10']],
        },
      },
      'POST /api/imports/uploads/up-1/validate': {
        body: {
          rows: 5,
          imported: 5,
          skipped: 0,
          problems: {},
          topology: null,
          matching: null,
          can_import: true,
          blocking: [],
          warnings: [],
        },
      },
      'POST /api/imports/uploads/up-1/commit': { status: 202, body: importItem() },
      'GET /api/imports/41': { body: importItem() },
    });
    await renderPage('/data/import', '/data/import', <ImportWizard />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('import-risk-factor-PCLASS'));
    await user.click(screen.getByTestId('import-risk-factor-SOIL'));
    await user.click(screen.getByTestId('import-next'));
    await screen.findByTestId('import-materials-none');
    await user.click(screen.getByTestId('import-next'));
    await screen.findByTestId('import-questions-step');
    await user.click(screen.getByTestId('import-next'));

    expect(await screen.findByTestId('import-review-risk-factors')).toHaveTextContent(
      'Risk factors: PCLASS, SOIL',
    );
    await user.click(await screen.findByTestId('import-commit'));
    await screen.findByTestId('import-progress-step');
    expect(api.find('POST /api/imports/uploads/up-1/commit')[0]?.body).toMatchObject({
      asset_layer: 'pipes',
      mapping: { nativeId: 'PIPE_ID', diameter: 'DIAM' },
      lof_features: ['PCLASS', 'SOIL'],
    });
  });

  it('requires a coordinate system when the layer declares none', async () => {
    FakeXhr.answer = { status: 200, body: { ...UPLOAD, layers: [{ ...UPLOAD.layers[0], crs: null }] } };
    mockApi({ 'GET /api/snapshot-groups': { body: [] } });
    await renderPage('/data/import', '/data/import', <ImportWizard />);
    const user = await chooseFileAndUpload();
    await screen.findByTestId('import-upload-done');
    await user.click(screen.getByTestId('import-next'));

    await screen.findByTestId('import-crs');
    expect(screen.getByTestId('import-layer-step')).toHaveTextContent('not declared');
    expect(screen.getByTestId('import-next')).toBeDisabled();
    await user.type(screen.getByTestId('import-crs'), 'Kentucky North');
    expect(screen.getByTestId('import-next')).toBeDisabled();
    // A bare code is an EPSG code (issue 15: 4326, EPSG:4326 and epsg:4326 are all accepted).
    await user.clear(screen.getByTestId('import-crs'));
    await user.type(screen.getByTestId('import-crs'), '3547');
    await waitFor(() => expect(screen.getByTestId('import-next')).toBeEnabled());
  });
});
