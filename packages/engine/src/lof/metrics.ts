// Backtest metrics of a ranking of pipes against the breaks that happened in the held-out window.
import { meanPoissonDeviance } from './poisson.ts';

export interface RankingMetrics {
  /** Share of the top 1 % / 5 % of pipes (by expected breaks) that broke in the held-out window. */
  readonly precisionAt1Pct: number;
  readonly precisionAt5Pct: number;
  /** Share of held-out breaks on the riskiest pipes (by expected breaks per km) making 10 % of length. */
  readonly recallTop10PctLength: number;
  /** Area under the ROC curve of "≥ 1 held-out break" (ties counted half). */
  readonly auc: number;
  /** Σ expected vs Σ observed breaks (calibration in the large). */
  readonly expectedBreaks: number;
  readonly observedBreaks: number;
  readonly meanPoissonDeviance: number;
}

function descending(scores: ArrayLike<number>): number[] {
  return Array.from({ length: scores.length }, (_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
}

export function precisionAt(
  scores: ArrayLike<number>,
  observed: ArrayLike<number>,
  fraction: number,
): number {
  if (scores.length === 0) return 0;
  const k = Math.max(1, Math.round(scores.length * fraction));
  return (
    descending(scores)
      .slice(0, k)
      .filter((i) => observed[i]! > 0).length / k
  );
}

export function recallTopLength(
  expected: ArrayLike<number>,
  observed: ArrayLike<number>,
  lengthM: ArrayLike<number>,
  fraction: number,
): number {
  const density = Array.from(
    { length: expected.length },
    (_, i) => expected[i]! / Math.max(lengthM[i]!, 1e-9),
  );
  let totalLength = 0;
  let totalBreaks = 0;
  for (let i = 0; i < lengthM.length; i++) {
    totalLength += lengthM[i]!;
    totalBreaks += observed[i]!;
  }
  if (totalBreaks === 0) return 0;
  let length = 0;
  let caught = 0;
  for (const i of descending(density)) {
    if (length >= fraction * totalLength) break;
    length += lengthM[i]!;
    caught += observed[i]!;
  }
  return caught / totalBreaks;
}

/** Mann–Whitney AUC with average ranks for ties. */
export function auc(scores: ArrayLike<number>, positive: ArrayLike<boolean>): number {
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

export function rankingMetrics(
  expected: Float64Array,
  observed: Float64Array,
  lengthM: Float64Array,
): RankingMetrics {
  return {
    precisionAt1Pct: precisionAt(expected, observed, 0.01),
    precisionAt5Pct: precisionAt(expected, observed, 0.05),
    recallTop10PctLength: recallTopLength(expected, observed, lengthM, 0.1),
    auc: auc(
      expected,
      Array.from(observed, (o) => o > 0),
    ),
    expectedBreaks: expected.reduce((a, b) => a + b, 0),
    observedBreaks: observed.reduce((a, b) => a + b, 0),
    meanPoissonDeviance: meanPoissonDeviance(observed, expected),
  };
}
