import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../../test/render-page.tsx';
import { testUser } from '../../../../test/user.ts';
import { useSession } from '../../../session/index.ts';
import { useImportWizard } from '../../state.ts';
import { wizardAfterUpload } from '../../test-fixtures.ts';
import { crsMissing } from './CrsField.tsx';
import { QuestionsStep } from './QuestionsStep.tsx';

describe('QuestionsStep', () => {
  beforeEach(async () => {
    resetAppState();
    await wizardAfterUpload({ step: 5, mapping: { nativePipeId: 'pipe', date: 'when' } });
    mockApi({});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('asks no unit for a column the file lacks; breaks get date format, empty cells and the snap tolerance', async () => {
    useImportWizard.getState().set({ type: 'breaks' });
    await renderPage('/data/import', '/data/import', <QuestionsStep />);
    const user = userEvent.setup();
    expect(screen.queryByTestId('import-answer-lengthUnit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('import-answer-diameterUnit')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByTestId('import-answer-dateFormat'), 'DMY');
    await user.selectOptions(screen.getByTestId('import-answer-missingMeans'), 'skip-row');
    expect(useImportWizard.getState().answers).toMatchObject({ dateFormat: 'DMY', missingMeans: 'skip-row' });
    expect(
      screen.getByText('The file declares EPSG:3547. Fill this in only to override it.'),
    ).toBeInTheDocument();

    const tolerance = screen.getByTestId('import-snap-tolerance');
    await user.clear(tolerance);
    await user.type(tolerance, '2000');
    expect(screen.getByTestId('import-next')).toBeDisabled();
    await user.clear(tolerance);
    await user.type(tolerance, '25');
    expect(useImportWizard.getState().snapToleranceM).toBe(25);
    expect(screen.getByTestId('import-next')).toBeEnabled();
  });

  it("offers the units of a US user's own system first, and keeps what the user then chooses (issue 15)", async () => {
    const us = { segment: 'ft', diameter: 'in', segment_large: 'mi' };
    mockApi({
      'GET /api/user/info': {
        body: testUser({ units: { language: 'en', default: us, user: us, currency_code: 'USD' } }),
      },
    });
    useImportWizard.getState().set({ mapping: { nativeId: 'name', diameter: 'diameter', length: 'length' } });
    await renderPage('/data/import', '/data/import', <QuestionsStep />);
    const diameter = await screen.findByTestId('import-answer-diameterUnit');
    await waitFor(() => expect(diameter).toHaveValue('in'));
    expect(screen.getByTestId('import-answer-lengthUnit')).toHaveValue('ft');
    await userEvent.setup().selectOptions(diameter, 'mm');
    expect(useImportWizard.getState().answers).toMatchObject({ lengthUnit: 'ft', diameterUnit: 'mm' });
    expect(screen.queryByTestId('import-snap-tolerance')).not.toBeInTheDocument();
  });

  it("asks a pipes import's node tolerance in the user's unit and keeps it in metres (issue 16)", async () => {
    const us = { segment: 'ft', diameter: 'in', segment_large: 'mi' };
    mockApi({
      'GET /api/user/info': {
        body: testUser({ units: { language: 'en', default: us, user: us, currency_code: 'USD' } }),
      },
    });
    useImportWizard
      .getState()
      .set({ mapping: { nativeId: 'name', fromNode: 'start_node', toNode: 'end_node' } });
    await renderPage('/data/import', '/data/import', <QuestionsStep />);
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByTestId('import-node-tolerance')).toHaveValue(1.64));
    expect(screen.getByLabelText(/Node tolerance \(Feet\)/)).toBeInTheDocument();
    expect(screen.getByText(/The node ID columns give the network/)).toBeInTheDocument();
    const tolerance = screen.getByTestId('import-node-tolerance');
    await user.clear(tolerance);
    await user.type(tolerance, '1');
    expect(useImportWizard.getState().nodeToleranceM).toBeCloseTo(0.3048, 6);
    expect(screen.getByTestId('import-next')).toBeEnabled();
    await user.clear(tolerance);
    await user.type(tolerance, '0');
    expect(screen.getByTestId('import-next')).toBeDisabled();
  });

  it('asks no coordinate system for a layer without geometry, and accepts 4326 and epsg:4326 (issue 15)', async () => {
    const state = useImportWizard.getState();
    state.set({
      type: 'breaks',
      upload: {
        ...state.upload!,
        layers: [
          { name: 'breaks', geometryType: 'None', featureCount: 40, columns: ['pipe', 'when'], crs: null },
        ],
      },
      layer: 'breaks',
    });
    await renderPage('/data/import', '/data/import', <QuestionsStep />);
    expect(screen.queryByTestId('import-crs')).not.toBeInTheDocument();
    expect(screen.getByTestId('import-next')).toBeEnabled();
    expect(crsMissing('4326', null)).toBe(false);
    expect(crsMissing('epsg:4326', null)).toBe(false);
    expect(crsMissing('EPSG:4326', null)).toBe(false);
    expect(crsMissing('', null)).toBe(true);
    expect(crsMissing('WGS84', null)).toBe(true);
  });
});
