// The helpers that made the LOF stage cheaper give exactly what the code they replaced gave (issue 41: the analysis'
// results must not move by a bit).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binFrame, sortedSample } from './binning.ts';
import { predictLogRate } from './booster.ts';
import { buildFrame } from './features.ts';
import { indexBreaks } from './history.ts';
import { agedBins, binnedFrame, selectRows, trainLofModel } from './model.ts';
import { SYNTHETIC_ATTRIBUTES, syntheticNetwork } from './testing/synthetic.ts';
import { mainTotals, orderedMains, orderedMeasures, peerMeasures, rankingGroups } from './peer-measures.ts';

describe('sortedSample', () => {
  it('is the comparator sort of every step-th value, −0 and NaN included where they were', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double(), fc.constantFrom(0, -0, NaN, 1, 1)), { maxLength: 200 }),
        fc.integer({ min: 1, max: 5 }),
        (values, step) => {
          const column = Float64Array.from(values);
          const expected: number[] = [];
          for (let i = 0; i < column.length; i += step) expected.push(column[i]!);
          expected.sort((a, b) => a - b);
          expect(Array.from(sortedSample(column, step))).toEqual(expected);
          // toEqual treats −0 as 0: the signs, one by one.
          Array.from(sortedSample(column, step)).forEach((v, k) =>
            expect(Object.is(v, -0)).toBe(Object.is(expected[k], -0)),
          );
        },
      ),
    );
  });
});

describe('selectRows', () => {
  it('copies the kept rows of every column in order', () => {
    const data = {
      bins: [Uint8Array.from([1, 2, 3, 4]), Uint8Array.from([5, 6, 7, 8])],
      y: Float64Array.from([0, 1, 0, 2]),
      exposure: Float64Array.from([1, 0.5, 0.25, 2]),
      weight: Float64Array.from([1, 0.9, 0.8, 0.7]),
    };
    const kept = selectRows(data, (r) => r % 2 === 1);
    expect(kept.bins.map((c) => Array.from(c))).toEqual([
      [2, 4],
      [6, 8],
    ]);
    expect(Array.from(kept.y)).toEqual([1, 2]);
    expect(Array.from(kept.exposure)).toEqual([0.5, 2]);
    expect(Array.from(kept.weight!)).toEqual([0.9, 0.7]);
    expect(selectRows({ ...data, weight: undefined }, () => true).weight).toBeUndefined();
  });
});

/** peerMeasures as it was before the ranking's mains were laid out in its order: one walk by main index. */
function byIndex(
  groups: ReturnType<typeof rankingGroups>,
  breaks: Float64Array,
  lengthM: Float64Array,
  weight?: Float64Array,
) {
  const w = (i: number) => (weight ? weight[i]! : 1);
  const positive = (i: number) => (breaks[i]! > 0 ? 1 : 0);
  let [mains, length, positives, allBreaks] = [0, 0, 0, 0];
  for (let i = 0; i < breaks.length; i++) {
    mains += w(i);
    length += w(i) * lengthM[i]!;
    positives += w(i) * positive(i);
    allBreaks += w(i) * breaks[i]!;
  }
  const negatives = mains - positives;
  const [topMains, topLength] = [0.01 * mains, 0.1 * length];
  let [takenMains, hits, takenLength, caught, caughtBreaks, negativesSeen, aucSum] = [0, 0, 0, 0, 0, 0, 0];
  const { order, start } = groups;
  for (let g = 0; g + 1 < start.length; g++) {
    let [gMains, gLength, gPositives, gBreaks] = [0, 0, 0, 0];
    for (let k = start[g]!; k < start[g + 1]!; k++) {
      const i = order[k]!;
      gMains += w(i);
      gLength += w(i) * lengthM[i]!;
      gPositives += w(i) * positive(i);
      gBreaks += w(i) * breaks[i]!;
    }
    if (gMains === 0) continue;
    const gNegatives = gMains - gPositives;
    if (takenMains < topMains) {
      const take = Math.min(gMains, topMains - takenMains);
      hits += (take / gMains) * gPositives;
      takenMains += take;
    }
    if (takenLength < topLength && gLength > 0) {
      const share = Math.min(1, (topLength - takenLength) / gLength);
      caught += share * gPositives;
      caughtBreaks += share * gBreaks;
      takenLength += share * gLength;
    }
    aucSum += gPositives * (negatives - negativesSeen - gNegatives) + 0.5 * gPositives * gNegatives;
    negativesSeen += gNegatives;
  }
  return {
    precisionAt1Pct: topMains > 0 ? hits / topMains : 0,
    mainsRecallAt10PctLength: positives > 0 ? caught / positives : 0,
    breaksRecallAt10PctLength: allBreaks > 0 ? caughtBreaks / allBreaks : 0,
    auc: positives > 0 && negatives > 0 ? aucSum / (positives * negatives) : 0.5,
  };
}

describe('orderedMeasures', () => {
  it('gives the walk by main index to the bit, from the ranking laid out once and the totals of the resample', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            score: fc.integer({ min: 0, max: 9 }),
            breaks: fc.integer({ min: 0, max: 3 }),
            lengthM: fc.double({ min: 1, max: 500, noNaN: true }),
            weight: fc.integer({ min: 0, max: 3 }),
          }),
          { minLength: 1, maxLength: 120 },
        ),
        (rows) => {
          const score = Float64Array.from(rows, (r) => r.score);
          const breaks = Float64Array.from(rows, (r) => r.breaks);
          const lengthM = Float64Array.from(rows, (r) => r.lengthM);
          const weight = Float64Array.from(rows, (r) => r.weight);
          const mains = orderedMains(rankingGroups(score), breaks, lengthM);
          for (const w of [undefined, weight]) {
            const reference = byIndex(rankingGroups(score), breaks, lengthM, w);
            const fast = orderedMeasures(mains, mainTotals(breaks, lengthM, w), w);
            const direct = peerMeasures(rankingGroups(score), breaks, lengthM, w);
            for (const key of Object.keys(reference) as (keyof typeof reference)[]) {
              expect(Object.is(fast[key], reference[key])).toBe(true);
              expect(Object.is(direct[key], reference[key])).toBe(true);
            }
          }
        },
      ),
    );
  });
});

describe('scoring shortcuts', () => {
  const network = syntheticNetwork({ pipes: 600, fromYear: 2000, toYear: 2020, seed: 3 });
  // Some pipes without an install year: they age from the training median.
  const pipes = network.pipes.map((p, i) => (i % 9 === 0 ? { ...p, installYear: null } : p));
  const history = indexBreaks(pipes, network.breaks);
  const model = trainLofModel({ pipes, breaks: network.breaks, attributes: SYNTHETIC_ATTRIBUTES, seed: 3 });
  const cutoffYear = 2020.5;

  it('agedBins equals the frame built and binned with the ageing', () => {
    const frame = buildFrame(pipes, history, model.context, { cutoffYear });
    const bins = binFrame(frame, model.booster.bins);
    for (const agedYears of [1, 2, 4]) {
      const direct = binnedFrame(model, pipes, history, { cutoffYear, agedYears }).bins;
      expect(agedBins(model, pipes, history, frame, bins, cutoffYear, agedYears)).toEqual(direct);
    }
  });

  it('a row repeating the one before it gets the very log rate of walking it', () => {
    const { bins, rows } = binnedFrame(model, pipes, history, { cutoffYear });
    // Each row twice in a row, then the rows alone: the repeats take the copied sums.
    const twice = bins.map((c) => Uint8Array.from({ length: 2 * rows }, (_, k) => c[k >> 1]!));
    const doubled = predictLogRate(model.booster, twice, 2 * rows);
    const single = predictLogRate(model.booster, bins, rows);
    for (let r = 0; r < rows; r++) {
      expect(Object.is(doubled[2 * r], single[r])).toBe(true);
      expect(Object.is(doubled[2 * r + 1], single[r])).toBe(true);
    }
  });
});
