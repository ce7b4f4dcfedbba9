import { describe, expect, it } from 'vitest';
import { scoreCategorical } from './metrics.ts';

describe('scoreCategorical', () => {
  it('computes accuracy, log-loss, Brier and calibration error by hand', () => {
    const m = scoreCategorical([
      { truth: 0, estimate: 0, truthLabel: '0', likelihood: { '0': 0.75, '2': 0.25 } },
      { truth: 2, estimate: 0, truthLabel: '2', likelihood: { '0': 0.75, '2': 0.25 } },
    ]);
    expect(m.accuracy).toBe(0.5);
    expect(m.logLoss).toBeCloseTo(-(Math.log(0.75) + Math.log(0.25)) / 2, 12);
    expect(m.brier).toBeCloseTo((0.0625 + 0.0625 + 0.5625 + 0.5625) / 2, 12);
    // Both rows in the 0.7–0.8 confidence bin: confidence 0.75, accuracy 0.5.
    expect(m.ece).toBeCloseTo(0.25, 12);
  });

  it('scores years by bin for accuracy and by value for MAE and ±5/±10 years', () => {
    const m = scoreCategorical(
      [
        { truth: 1923, estimate: 1927, truthLabel: '1920', likelihood: { '1925': 1 } },
        { truth: 1960, estimate: 1960, truthLabel: '1960', likelihood: { '1960': 1 } },
      ],
      true,
    );
    expect(m).toMatchObject({ accuracy: 0.5, maeYears: 2, within5Years: 1, within10Years: 1 });
    expect(m.brier).toBe(1);
  });
});
