import { describe, expect, it } from 'vitest';
import { auc, precisionAt, rankingMetrics, recallTopLength } from './metrics.ts';

describe('backtest metrics', () => {
  it('computes AUC as the Mann–Whitney statistic with ties counted half', () => {
    expect(auc([0.9, 0.8, 0.1, 0.2], [true, true, false, false])).toBe(1);
    expect(auc([0.1, 0.2, 0.9, 0.8], [true, true, false, false])).toBe(0);
    expect(auc([0.5, 0.5, 0.5, 0.5], [true, false, true, false])).toBe(0.5);
    expect(auc([0.9, 0.3, 0.5, 0.1], [true, true, false, false])).toBe(0.75);
  });

  it('takes precision over the top fraction of pipes (at least one)', () => {
    const scores = Array.from({ length: 200 }, (_, i) => 200 - i);
    const observed = scores.map((_, i) => (i % 2 === 0 ? 1 : 0));
    expect(precisionAt(scores, observed, 0.01)).toBe(0.5);
    expect(precisionAt([3, 2, 1], [1, 0, 0], 0.01)).toBe(1);
  });

  it('counts held-out breaks on the densest pipes that make up a tenth of the length', () => {
    // Pipe 0: 100 m, 1 expected → densest; pipe 1: 900 m. Budget = 100 m → pipe 0 only.
    expect(recallTopLength([1, 2], [3, 1], [100, 900], 0.1)).toBe(0.75);
    const m = rankingMetrics(Float64Array.of(1, 2), Float64Array.of(3, 1), Float64Array.of(100, 900));
    expect(m.observedBreaks).toBe(4);
    expect(m.expectedBreaks).toBe(3);
  });
});
