import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../../test/fetch-mock.ts';
import { renderPage, resetAppState } from '../../../../test/render-page.tsx';
import { useSession } from '../../../session/index.ts';
import { useImportWizard } from '../../state.ts';
import { wizardAfterUpload } from '../../test-fixtures.ts';
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

  it('asks units, coordinate system, date format and empty cells; breaks also get the snap tolerance', async () => {
    useImportWizard.getState().set({ type: 'breaks' });
    await renderPage('/data/import', '/data/import', <QuestionsStep />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId('import-answer-lengthUnit'), 'ft');
    await user.selectOptions(screen.getByTestId('import-answer-diameterUnit'), 'in');
    await user.selectOptions(screen.getByTestId('import-answer-dateFormat'), 'DMY');
    await user.selectOptions(screen.getByTestId('import-answer-missingMeans'), 'skip-row');
    expect(useImportWizard.getState().answers).toEqual({
      lengthUnit: 'ft',
      diameterUnit: 'in',
      dateFormat: 'DMY',
      missingMeans: 'skip-row',
    });
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

  it('asks no snap tolerance for assets', async () => {
    await renderPage('/data/import', '/data/import', <QuestionsStep />);
    expect(screen.getByTestId('import-answer-lengthUnit')).toBeInTheDocument();
    expect(screen.queryByTestId('import-snap-tolerance')).not.toBeInTheDocument();
  });
});
