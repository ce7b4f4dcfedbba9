import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../../test/render-page.tsx';
import { useSession } from '../../../session/index.ts';
import { useImportWizard } from '../../state.ts';
import { wizardAfterUpload } from '../../test-fixtures.ts';
import { ColumnsStep } from './ColumnsStep.tsx';

const INSPECT = {
  layer: {
    name: 'ky4_pipes',
    geometry_type: 'LineString',
    feature_count: 1156,
    columns: ['name', 'diameter', 'length', 'Material_Type', 'install_yr'],
    crs: 'EPSG:3547',
  },
  target_fields: [
    { field: 'nativeId', required: true },
    { field: 'diameter', required: false },
    { field: 'installYear', required: false },
    { field: 'material', required: false },
  ],
  suggested_mapping: { nativeId: 'name', diameter: 'diameter', material: 'Material_Type' },
  sample: [['P-1', 0.3, 12.5, 'CI', 1961]],
};

describe('ColumnsStep', () => {
  beforeEach(async () => {
    resetAppState();
    await wizardAfterUpload({ step: 3 });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('asks the server about the chosen layer and pre-fills every field with its suggestion', async () => {
    const api = mockApi({ 'POST /api/imports/uploads/up-1/inspect': { body: INSPECT } });
    await renderPage('/data/import', '/data/import', <ColumnsStep />);

    expect(await screen.findByTestId('import-map-nativeId')).toHaveValue('name');
    expect(screen.getByTestId('import-map-diameter')).toHaveValue('diameter');
    expect(screen.getByTestId('import-map-material')).toHaveValue('Material_Type');
    expect(screen.getByTestId('import-map-installYear')).toHaveValue('');
    expect(api.find('POST /api/imports/uploads/up-1/inspect')[0]?.body).toEqual({
      layer: 'ky4_pipes',
      type: 'assets',
      asset_layer: 'pipes',
    });
    // The sample rows show what each column holds.
    expect(screen.getByTestId('import-sample')).toHaveTextContent('1961');
    expect(screen.getByTestId('import-next')).toBeEnabled();
  });

  it('marks required fields and holds the step until they are mapped', async () => {
    mockApi({ 'POST /api/imports/uploads/up-1/inspect': { body: INSPECT } });
    await renderPage('/data/import', '/data/import', <ColumnsStep />);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByTestId('import-map-nativeId'), '');

    expect(screen.getByTestId('import-columns-missing')).toHaveTextContent('Asset ID');
    expect(screen.getByTestId('import-next')).toBeDisabled();
    await user.selectOptions(screen.getByTestId('import-map-installYear'), 'install_yr');
    expect(useImportWizard.getState().mapping).toMatchObject({ nativeId: '', installYear: 'install_yr' });
  });

  it('shows the server message when the layer cannot be read', async () => {
    mockApi({
      'POST /api/imports/uploads/up-1/inspect': {
        status: 400,
        body: { status: 400, code: 'IMPORT_FILE_INVALID', message: 'ky4_pipes.geojson: line 3 is not JSON' },
      },
    });
    await renderPage('/data/import', '/data/import', <ColumnsStep />);
    expect(await screen.findByTestId('import-inspect-error')).toHaveTextContent(
      'ky4_pipes.geojson: line 3 is not JSON',
    );
    await waitFor(() => expect(screen.getByTestId('import-next')).toBeDisabled());
  });
});
