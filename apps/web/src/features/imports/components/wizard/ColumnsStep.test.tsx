import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../../test/render-page.tsx';
import { useSession } from '../../../session/index.ts';
import { useImportWizard } from '../../state.ts';
import { wizardAfterUpload } from '../../test-fixtures.ts';
import { ColumnsStep, rememberedMapping } from './ColumnsStep.tsx';
import type { InspectResponse } from '../../api/inspect-layer.ts';

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

  it("fills in the network's last import for its next version: mapping, answers, materials (issue 15)", async () => {
    useImportWizard.getState().set({ targetMode: 'existing', groupId: 5 });
    const api = mockApi({
      'POST /api/imports/uploads/up-1/inspect': {
        body: {
          ...INSPECT,
          remembered: {
            import_id: 12,
            file_name: 'ky4_2025.geojson',
            finished_at: '2026-10-01T00:00:00Z',
            mapping: { nativeId: 'name', installYear: 'install_yr' },
            answers: {
              length_unit: 'ft',
              diameter_unit: 'in',
              date_format: 'MDY',
              missing_means: 'unknown',
              geometryless_pipes: 'block',
            },
            materials: [['Cast Iron', 0]],
            lof_features: [],
          },
        },
      },
    });
    await renderPage('/data/import', '/data/import', <ColumnsStep />);
    expect(await screen.findByTestId('import-remembered')).toHaveTextContent('ky4_2025.geojson');
    // The remembered mapping wins; a field it lacks keeps the suggestion.
    expect(screen.getByTestId('import-map-installYear')).toHaveValue('install_yr');
    expect(screen.getByTestId('import-map-material')).toHaveValue('Material_Type');
    expect(useImportWizard.getState()).toMatchObject({
      answers: { lengthUnit: 'ft', diameterUnit: 'in', dateFormat: 'MDY' },
      unitsFromUser: true,
      materials: { 'Cast Iron': 0 },
    });
    expect(api.find('POST /api/imports/uploads/up-1/inspect')[0]?.body).toMatchObject({
      snapshot_group_id: 5,
    });
  });

  it('drops a suggestion of a column the remembered mapping already uses: one column, one field (issue 16)', () => {
    const inspect = {
      targetFields: INSPECT.target_fields,
      suggestedMapping: { nativeId: 'name', diameter: 'diameter', material: 'Material_Type' },
      remembered: { mapping: { nativeId: 'name', installYear: 'Material_Type' } },
    } as unknown as InspectResponse;
    expect(rememberedMapping(inspect)).toEqual({
      nativeId: 'name',
      diameter: 'diameter',
      installYear: 'Material_Type',
      material: '',
    });
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

  it('offers every unmapped column of a pipes layer as a risk factor, none ticked', async () => {
    mockApi({ 'POST /api/imports/uploads/up-1/inspect': { body: INSPECT } });
    await renderPage('/data/import', '/data/import', <ColumnsStep />);

    const section = await screen.findByTestId('import-risk-factors');
    expect(section).toHaveTextContent('Risk factors for the likelihood of failure');
    expect(section).toHaveTextContent('Tick only attributes that do not change after a break');
    // name, diameter and Material_Type are mapped by the suggestions; length and install_yr are not.
    const boxes = within(section).getAllByRole('checkbox');
    expect(boxes.map((b) => b.getAttribute('data-testid'))).toEqual([
      'import-risk-factor-length',
      'import-risk-factor-install_yr',
    ]);
    for (const box of boxes) expect(box).not.toBeChecked();
    expect(useImportWizard.getState().lofFeatures).toEqual([]);
  });

  it('keeps the ticked columns in order, and drops one that becomes mapped', async () => {
    mockApi({ 'POST /api/imports/uploads/up-1/inspect': { body: INSPECT } });
    await renderPage('/data/import', '/data/import', <ColumnsStep />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('import-risk-factor-install_yr'));
    await user.click(screen.getByTestId('import-risk-factor-length'));
    expect(screen.getByTestId('import-risk-factor-install_yr')).toBeChecked();
    expect(useImportWizard.getState().lofFeatures).toEqual(['install_yr', 'length']);

    await user.selectOptions(screen.getByTestId('import-map-installYear'), 'install_yr');
    expect(screen.queryByTestId('import-risk-factor-install_yr')).not.toBeInTheDocument();
    expect(useImportWizard.getState().lofFeatures).toEqual(['length']);
    // Unmapping the diameter offers its column again, unticked.
    await user.selectOptions(screen.getByTestId('import-map-diameter'), '');
    expect(screen.getByTestId('import-risk-factor-diameter')).not.toBeChecked();
    await user.click(screen.getByTestId('import-risk-factor-length'));
    expect(useImportWizard.getState().lofFeatures).toEqual([]);
  });

  it('offers no risk factors for a layer other than pipes', async () => {
    useImportWizard.getState().set({ assetLayer: 'valves' });
    const api = mockApi({ 'POST /api/imports/uploads/up-1/inspect': { body: INSPECT } });
    await renderPage('/data/import', '/data/import', <ColumnsStep />);
    expect(await screen.findByTestId('import-map-nativeId')).toHaveValue('name');
    expect(api.find('POST /api/imports/uploads/up-1/inspect')[0]?.body).toMatchObject({
      asset_layer: 'valves',
    });
    expect(screen.queryByTestId('import-risk-factors')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('offers no risk factors for breaks', async () => {
    useImportWizard.getState().set({ type: 'breaks' });
    mockApi({ 'POST /api/imports/uploads/up-1/inspect': { body: INSPECT } });
    await renderPage('/data/import', '/data/import', <ColumnsStep />);
    expect(await screen.findByTestId('import-map-nativeId')).toBeInTheDocument();
    expect(screen.queryByTestId('import-risk-factors')).not.toBeInTheDocument();
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
