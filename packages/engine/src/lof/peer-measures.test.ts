import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { peerMeasures, rankingGroups } from './peer-measures.ts';

const flags = (n: number, on: number[]) => Uint8Array.from({ length: n }, (_, i) => (on.includes(i) ? 1 : 0));

describe('peer measures', () => {
  it('P@1 %, mains R@10 % length with the crossing main in proportion, and AUC, by hand', () => {
    // 200 mains ranked 0 first; breaking: 0, 2 and 150. Main 0 is 100 m, the others 10 m: 2,090 m in all.
    const score = Float64Array.from({ length: 200 }, (_, i) => 200 - i);
    const lengthM = Float64Array.from({ length: 200 }, (_, i) => (i === 0 ? 100 : 10));
    const m = peerMeasures(rankingGroups(score), flags(200, [0, 2, 150]), lengthM);
    // Top 1 % = mains 0 and 1: one of two broke.
    expect(m.precisionAt1Pct).toBe(0.5);
    // 10 % = 209 m: main 0 (100 m) and mains 1–10 (100 m), then 9 of main 11's 10 m; it did not break. 2 of 3.
    expect(m.mainsRecallAt10PctLength).toBeCloseTo(2 / 3, 12);
    // One break each: the breaks' share is the mains' share.
    expect(m.breaksRecallAt10PctLength).toBeCloseTo(2 / 3, 12);
    // Negatives below each positive: 197, 196 (main 1 is above main 2), 49 (mains 151–199).
    expect(m.auc).toBeCloseTo((197 + 196 + 49) / (3 * 197), 12);
  });

  it('a cut through a tie takes the same share of every tied main (the expectation over tie orders)', () => {
    const n = 100;
    const m = peerMeasures(
      rankingGroups(new Float64Array(n)),
      flags(n, [3, 17, 40, 41, 42, 60, 70, 80, 90, 99]),
      new Float64Array(n).fill(7),
    );
    expect(m.precisionAt1Pct).toBeCloseTo(0.1, 12);
    expect(m.mainsRecallAt10PctLength).toBeCloseTo(0.1, 12);
    expect(m.breaksRecallAt10PctLength).toBeCloseTo(0.1, 12);
    expect(m.auc).toBe(0.5);
  });

  it('names apart the share of breaking mains and the share of breaks on the top 10 % of length (issue 38)', () => {
    // 20 mains of 10 m ranked 0 first: the top 10 % of length is mains 0 and 1. Main 0 broke 4 times, mains 5 and 9
    // once each: 1 of the 3 breaking mains, but 4 of the 6 breaks.
    const score = Float64Array.from({ length: 20 }, (_, i) => 20 - i);
    const breaks = Float64Array.from({ length: 20 }, (_, i) => (i === 0 ? 4 : i === 5 || i === 9 ? 1 : 0));
    const m = peerMeasures(rankingGroups(score), breaks, new Float64Array(20).fill(10));
    expect(m.mainsRecallAt10PctLength).toBeCloseTo(1 / 3, 12);
    expect(m.breaksRecallAt10PctLength).toBeCloseTo(4 / 6, 12);
    // P@1 % and AUC count mains, not breaks: a main that broke 4 times is one breaking main.
    expect(m.precisionAt1Pct).toBe(1);
    expect(m.auc).toBeCloseTo((17 + 13 + 10) / (3 * 17), 12);
    // The crossing main in proportion, for both: 10 % of 195 m is 19.5 m, main 0 (5 m), main 1 (10 m) and 4.5 of
    // main 2's 10 m. Main 2 broke 3 times, main 7 once.
    const crossing = peerMeasures(
      rankingGroups(score),
      Float64Array.from({ length: 20 }, (_, i) => (i === 2 ? 3 : i === 7 ? 1 : 0)),
      Float64Array.from({ length: 20 }, (_, i) => (i === 0 ? 5 : 10)),
    );
    expect(crossing.mainsRecallAt10PctLength).toBeCloseTo(0.45 / 2, 12);
    expect(crossing.breaksRecallAt10PctLength).toBeCloseTo((0.45 * 3) / 4, 12);
  });

  it('breaks ties of the key by the tie-breaker (previous breaks, then age)', () => {
    const g = rankingGroups([1, 1, 0, 1], [10, 50, 80, 10]);
    expect([...g.order]).toEqual([1, 0, 3, 2]);
    // Mains 0 and 3 tie on both keys: one group.
    expect([...g.start]).toEqual([0, 1, 3, 4]);
  });

  it('AUC agrees with the Mann–Whitney of the backtest metrics', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.boolean()), { minLength: 2, maxLength: 80 }),
        (rows) => {
          const score = rows.map(([s]) => s);
          const positive = Uint8Array.from(rows, ([, p]) => (p ? 1 : 0));
          const m = peerMeasures(rankingGroups(score), positive, new Float64Array(rows.length).fill(1));
          expect(m.auc).toBeCloseTo(
            auc(
              score,
              rows.map(([, p]) => p),
            ),
            12,
          );
        },
      ),
    );
  });

  it('a main weighing k measures as k copies of it (what the bootstrap relies on)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            score: fc.integer({ min: 0, max: 20 }),
            breaks: fc.integer({ min: 0, max: 3 }),
            length: fc.integer({ min: 1, max: 500 }),
            weight: fc.integer({ min: 0, max: 3 }),
          }),
          { minLength: 1, maxLength: 60 },
        ),
        (mains) => {
          const weighted = peerMeasures(
            rankingGroups(mains.map((m) => m.score)),
            Float64Array.from(mains, (m) => m.breaks),
            Float64Array.from(mains, (m) => m.length),
            Float64Array.from(mains, (m) => m.weight),
          );
          const copies = mains.flatMap((m) => Array.from({ length: m.weight }, () => m));
          if (copies.length === 0) return;
          const expanded = peerMeasures(
            rankingGroups(copies.map((m) => m.score)),
            Float64Array.from(copies, (m) => m.breaks),
            Float64Array.from(copies, (m) => m.length),
          );
          expect(weighted.precisionAt1Pct).toBeCloseTo(expanded.precisionAt1Pct, 9);
          expect(weighted.mainsRecallAt10PctLength).toBeCloseTo(expanded.mainsRecallAt10PctLength, 9);
          expect(weighted.breaksRecallAt10PctLength).toBeCloseTo(expanded.breaksRecallAt10PctLength, 9);
          expect(weighted.auc).toBeCloseTo(expanded.auc, 9);
        },
      ),
    );
  });
});

/** Reference oracle: the rank-sum (Mann–Whitney) AUC with average ranks for ties, computed independently. */
function auc(scores: ArrayLike<number>, positive: ArrayLike<boolean>): number {
  const order = Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let rankSum = 0;
  let positives = 0;
  for (let k = 0; k < order.length;) {
    let end = k;
    while (end < order.length && scores[order[end]!] === scores[order[k]!]) end++;
    const averageRank = (k + 1 + end) / 2;
    for (let j = k; j < end; j++) {
      if (positive[order[j]!]) {
        rankSum += averageRank;
        positives++;
      }
    }
    k = end;
  }
  const negatives = order.length - positives;
  if (positives === 0 || negatives === 0) return 0.5;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}
