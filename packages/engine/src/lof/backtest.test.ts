import { describe, expect, it } from 'vitest';
import { analyzeLof } from './analysis.ts';
import { backtestLof } from './backtest.ts';
import { SYNTHETIC_ATTRIBUTES, syntheticNetwork } from './testing/synthetic.ts';

describe('LOF analysis with backtest (synthetic network)', () => {
  const network = syntheticNetwork({ pipes: 2500, fromYear: 1998, toYear: 2020, seed: 9 });
  const analysis = analyzeLof({
    ...network,
    attributes: SYNTHETIC_ATTRIBUTES,
    seed: 1,
    params: { maxTrees: 120, learningRate: 0.1, minRowsLeaf: 30 },
    panel: { maxCutoffs: 8 },
  });
  const { card } = analysis;

  it('backtests one and three held-out years against both baselines', () => {
    expect(card.backtests.map((b) => b.horizonYears)).toEqual([1, 3]);
    for (const b of card.backtests) {
      expect(b.heldOut.breaks).toBeGreaterThan(0);
      expect(b.model.observedBreaks).toBe(b.heldOut.breaks);
      for (const m of [b.model, b.baselines.ageOnly, b.baselines.previousBreaksOnly]) {
        expect(m.auc >= 0 && m.auc <= 1).toBe(true);
        expect(m.precisionAt1Pct >= 0 && m.precisionAt1Pct <= 1).toBe(true);
      }
      expect(b.cutoff < b.heldOutTo).toBe(true);
    }
    const three = card.backtests[1]!;
    expect(three.model.auc).toBeGreaterThan(three.baselines.previousBreaksOnly.auc);
    expect(three.model.recallTop10PctLength).toBeGreaterThanOrEqual(
      three.baselines.ageOnly.recallTop10PctLength - 0.05,
    );
  });

  it('returns a serialisable model card and per-pipe outputs', () => {
    expect(JSON.parse(JSON.stringify(card))).toEqual(card);
    expect(card.featureImportance[0]!.gainShare).toBeGreaterThan(0);
    expect(card.data.pipes).toBe(2500);
    expect(analysis.scores.pipes).toHaveLength(2500);
    expect(analysis.rulYears).toHaveLength(2500);
  });

  it('skips a window the break record is too short for', () => {
    const short = syntheticNetwork({ pipes: 300, fromYear: 2017, toYear: 2020, seed: 2 });
    const windows = backtestLof({ ...short, seed: 1, horizonsYears: [1, 3], params: { maxTrees: 10 } });
    expect(windows.map((b) => b.horizonYears)).toEqual([1]);
  });
});
