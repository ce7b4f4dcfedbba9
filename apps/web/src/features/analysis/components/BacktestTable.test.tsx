// Issue 40: the model card's backtest says how the model's expected breaks compared with the window, in the user's
// language, and that the raw rankings predict no count.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import type { BacktestView } from '../model-card.ts';
import { BacktestTable } from './BacktestTable.tsx';

const view: BacktestView = {
  horizonYears: 3,
  cutoffYear: 2021,
  cutoff: '2021-01-01',
  heldOutTo: '2024-01-01',
  mains: 12_000,
  breakingMains: 190,
  heldOutBreaks: 208,
  lengthKm: 800,
  rows: [],
  modelMinusPreviousBreaks: [],
  calibration: { predictedBreaks: 212.1, breaksRatio: { value: 1.0197, low: 0.871, high: 1.188 } },
};

describe('backtest calibration line', () => {
  afterEach(async () => i18n.changeLanguage('en'));

  it('gives predicted ÷ observed with its interval (en)', async () => {
    await i18n.changeLanguage('en');
    renderWithApp(<BacktestTable view={view} />);
    const line = await screen.findByTestId('backtest-calibration-3');
    expect(line.textContent).toBe(
      'Calibration: the model expected 212 breaks in the window, 208 were recorded — 1.02 × the observed ' +
        '[0.87–1.19] (1 is calibrated; above 1 over-predicts). The two baselines only order mains and predict no count.',
    );
  });

  it('in German, with its decimal commas', async () => {
    await i18n.changeLanguage('de');
    renderWithApp(<BacktestTable view={view} />);
    const line = await screen.findByTestId('backtest-calibration-3');
    expect(line.textContent).toContain('Das Modell erwartete 212 Schäden im Zeitraum, 208 wurden erfasst');
    expect(line.textContent).toContain('das 1,02-Fache der beobachteten [0,87–1,19]');
  });

  it('shows no line on a card stored before it', async () => {
    renderWithApp(<BacktestTable view={{ ...view, calibration: null }} />);
    await screen.findByTestId('backtest-3');
    expect(screen.queryByTestId('backtest-calibration-3')).toBeNull();
  });
});
