import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../../test/render-page.tsx';
import { useSession } from '../../../session/index.ts';
import { useImportWizard } from '../../state.ts';
import { wizardAfterUpload } from '../../test-fixtures.ts';
import { MaterialsStep } from './MaterialsStep.tsx';

const VALUES = {
  values: [
    { value: 'CI', count: 600, suggested: 0 },
    { value: 'Ductile Iron', count: 400, suggested: 2 },
    { value: 'XYZ-7', count: 150, suggested: null },
    { value: '', count: 6, suggested: null },
  ],
};

describe('MaterialsStep', () => {
  beforeEach(async () => {
    resetAppState();
    await wizardAfterUpload({ step: 4, mapping: { nativeId: 'name', material: 'Material_Type' } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.getState().clear();
  });

  it('pre-fills recognised values and lists the ones nobody recognised', async () => {
    const api = mockApi({ 'POST /api/imports/uploads/up-1/materials': { body: VALUES } });
    await renderPage('/data/import', '/data/import', <MaterialsStep />);

    const unmapped = await screen.findByTestId('import-materials-unmapped');
    expect(unmapped).toHaveTextContent('XYZ-7, (empty)');
    expect(unmapped).not.toHaveTextContent('CI');
    expect(screen.queryByTestId('import-materials-cohorts')).not.toBeInTheDocument();
    expect(screen.getByTestId('import-material-0')).toHaveValue('0');
    expect(screen.getByTestId('import-material-1')).toHaveValue('2');
    expect(screen.getByTestId('import-material-row-2')).toHaveAttribute('data-unmapped', 'true');
    expect(within(screen.getByTestId('import-material-row-2')).getByText('150')).toBeInTheDocument();
    expect(api.find('POST /api/imports/uploads/up-1/materials')[0]?.body).toEqual({
      layer: 'ky4_pipes',
      column: 'Material_Type',
    });

    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId('import-material-2'), '7');
    await user.selectOptions(screen.getByTestId('import-material-3'), '6');
    expect(screen.queryByTestId('import-materials-unmapped')).not.toBeInTheDocument();
    expect(useImportWizard.getState().materials).toEqual({ CI: 0, 'Ductile Iron': 2, 'XYZ-7': 7, '': 6 });
  });

  it('says cohort codes keep their suffix, and offers the cohort as a risk factor of a pipes import (issue 40)', async () => {
    mockApi({
      'POST /api/imports/uploads/up-1/materials': {
        body: {
          values: [
            { value: 'CI-C3', count: 500, suggested: 0, cohort: 'C3' },
            { value: 'AC-HP', count: 300, suggested: 3, cohort: 'HP' },
            { value: 'PVC', count: 200, suggested: 8, cohort: null },
            { value: 'PVC-LP', count: 100, suggested: 8, cohort: 'LP' },
            { value: 'DI-C1', count: 50, suggested: 2, cohort: 'C1' },
          ],
        },
      },
    });
    await renderPage('/data/import', '/data/import', <MaterialsStep />);

    const notice = await screen.findByTestId('import-materials-cohorts');
    expect(notice).toHaveTextContent(
      'Cohort codes (4), such as CI-C3, AC-HP, PVC-LP: each maps to the material before its suffix, and the suffix (an era or class) is kept on each pipe as the attribute material_cohort.',
    );
    expect(screen.getByTestId('import-material-cohort-0')).toHaveTextContent('cohort C3');
    expect(screen.queryByTestId('import-material-cohort-2')).not.toBeInTheDocument();
    expect(screen.getByTestId('import-material-0')).toHaveValue('0');
    expect(screen.getByTestId('import-material-1')).toHaveValue('3');

    const user = userEvent.setup();
    const tick = screen.getByTestId('import-materials-cohort-risk-factor');
    expect(tick).not.toBeChecked();
    await user.click(tick);
    expect(useImportWizard.getState().lofFeatures).toEqual(['material_cohort']);
    // Unmapping the material column drops the cohort from the risk factors: there is nothing to read it from.
    useImportWizard.getState().set({ mapping: { nativeId: 'name', material: '' } });
    expect(useImportWizard.getState().lofFeatures).toEqual([]);
  });

  it('names the cohort codes of a breaks import but offers no risk factor there', async () => {
    useImportWizard.getState().set({ type: 'breaks' });
    mockApi({
      'POST /api/imports/uploads/up-1/materials': {
        body: { values: [{ value: 'CI-C3', count: 5, suggested: 0, cohort: 'C3' }] },
      },
    });
    await renderPage('/data/import', '/data/import', <MaterialsStep />);
    expect(await screen.findByTestId('import-materials-cohorts')).toBeInTheDocument();
    expect(screen.queryByTestId('import-materials-cohort-risk-factor')).not.toBeInTheDocument();
  });

  it('says there is nothing to map when no material column was mapped, and asks nothing', async () => {
    useImportWizard.getState().set({ mapping: { nativeId: 'name', material: '' } });
    const api = mockApi({});
    await renderPage('/data/import', '/data/import', <MaterialsStep />);
    expect(await screen.findByTestId('import-materials-none')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.includes('/materials'))).toHaveLength(0);
  });
});
