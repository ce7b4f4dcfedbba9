import { describe, expect, it } from 'vitest';
import { analyzeLof } from './analysis.ts';
import { backtestCutoff, backtestLof, isoDate } from './backtest.ts';
import { PEER_MEASURES } from './peer-protocol.ts';
import { yearOfMs } from './time.ts';
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

  it('backtests one and three years from one calendar cutoff against the raw rankings, with intervals', () => {
    // Breaks are simulated through 2019: the latest cutoff whose three-year window the record covers is 1 January 2016.
    expect(card.backtests.map((b) => [b.horizonYears, b.cutoff, b.heldOutTo])).toEqual([
      [1, '2016-01-01', '2017-01-01'],
      [3, '2016-01-01', '2019-01-01'],
    ]);
    for (const b of card.backtests) {
      expect(b.protocol).toBe('peer');
      expect(b.breakingMains).toBeGreaterThan(0);
      expect(b.breaks).toBeGreaterThanOrEqual(b.breakingMains);
      for (const r of ['model', 'age', 'previousBreaks'] as const) {
        for (const m of PEER_MEASURES) {
          const e = b.rankings[r][m];
          expect(e.low).toBeLessThanOrEqual(e.value + 1e-12);
          expect(e.high).toBeGreaterThanOrEqual(e.value - 1e-12);
          expect(e.value >= 0 && e.value <= 1).toBe(true);
        }
      }
    }
    // Issue 40: the model's predicted ÷ observed counts over each window, with an interval.
    for (const b of card.backtests) {
      const ratio = b.calibration.breaksRatio!;
      expect(ratio.value).toBeCloseTo(b.calibration.predictedBreaks / b.breaks, 12);
      expect(ratio.low).toBeLessThanOrEqual(ratio.value);
      expect(ratio.high).toBeGreaterThanOrEqual(ratio.value);
      expect(b.calibration.breakingMainsRatio!.value).toBeCloseTo(
        b.calibration.predictedBreakingMains / b.breakingMains,
        12,
      );
    }
    expect(card.training.recalibration).toMatchObject({ factor: 1, priorBreaks: null });
    const three = card.backtests[1]!;
    expect(three.rankings.model.auc.value).toBeGreaterThan(three.rankings.previousBreaks.auc.value);
    expect(three.modelMinusPreviousBreaks.auc.value).toBeCloseTo(
      three.rankings.model.auc.value - three.rankings.previousBreaks.auc.value,
      12,
    );
  });

  it('measures only the mains laid before the cutoff year, counting breaks in the window', () => {
    const [one] = card.backtests;
    const laid = network.pipes.filter((p) => p.installYear != null && p.installYear < 2016 && p.lengthM > 0);
    expect(one!.mains).toBe(laid.length);
    const ids = new Set(laid.map((p) => p.id));
    const inWindow = network.breaks.filter(
      (b) => ids.has(b.pipeId) && b.dateMs >= Date.UTC(2016, 0, 1) && b.dateMs < Date.UTC(2017, 0, 1),
    );
    expect(one!.breaks).toBe(inWindow.length);
    expect(one!.breakingMains).toBe(new Set(inWindow.map((b) => b.pipeId)).size);
  });

  it('returns a serialisable model card and per-pipe outputs', () => {
    expect(JSON.parse(JSON.stringify(card))).toEqual(card);
    expect(card.featureImportance[0]!.gainShare).toBeGreaterThan(0);
    expect(card.data.pipes).toBe(2500);
    expect(analysis.scores.pipes).toHaveLength(2500);
    expect(analysis.rulYears).toHaveLength(2500);
  });

  it('falls back to the longest window a short record covers, and to none', () => {
    expect(backtestCutoff({ firstBreakYear: 2017.2, lastBreakYear: 2020.9 }, [1, 3])).toEqual({
      cutoffYear: 2019,
      horizons: [1],
    });
    expect(backtestCutoff({ firstBreakYear: 2000.5, lastBreakYear: 2020.9 }, [1, 3])).toEqual({
      cutoffYear: 2017,
      horizons: [1, 3],
    });
    expect(backtestCutoff({ firstBreakYear: 2019.5, lastBreakYear: 2020.9 }, [1, 3])).toBeNull();
    const short = syntheticNetwork({ pipes: 300, fromYear: 2016, toYear: 2020, seed: 2 });
    const windows = backtestLof({ ...short, seed: 1, horizonsYears: [1, 3], params: { maxTrees: 10 } });
    expect(windows.map((b) => [b.horizonYears, b.cutoff])).toEqual([[1, '2018-01-01']]);
  });
});

// Issue 38: the model card read "scored as of 2022-12-31" for a scoring date of 2023-01-01.
describe('isoDate', () => {
  it('gives back the day a date was, after its trip through a decimal year', () => {
    for (const day of ['2023-01-01', '2021-07-01', '2017-01-01', '2000-02-29', '1999-12-31'])
      expect(isoDate(yearOfMs(Date.parse(`${day}T00:00:00Z`)))).toBe(day);
  });

  it("names the instant the server scores at: a dataset's as_of {year: 2022, month: 12} is its last millisecond", () => {
    // apps/server load-inputs.ts asOfOf: Date.UTC(year, month, 1) − 1, i.e. 2022-12-31T23:59:59.999Z, which the model
    // reads as the decimal year 2023.0: the card says 2023-01-01, the scoring date in use, not 2022-12-31.
    expect(isoDate(yearOfMs(Date.UTC(2022, 12, 1) - 1))).toBe('2023-01-01');
    const network = syntheticNetwork({ pipes: 200, fromYear: 2010, toYear: 2022, seed: 4 });
    const card = analyzeLof({
      ...network,
      seed: 1,
      asOfMs: Date.UTC(2022, 12, 1) - 1,
      backtestHorizonsYears: [],
      params: { maxTrees: 5 },
    }).card;
    expect(card.scoredAsOf).toBe('2023-01-01');
  });
});
