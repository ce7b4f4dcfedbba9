// The measures of the peer protocol (issue 14; peer-protocol.ts), as the pipe-failure literature reports them, so
// that a figure here can be set beside a published one:
//   P@1 %                   share of breaking mains among the top 1 % of mains by score;
//   mains R@10 % length     share of the breaking mains (mains with ≥ 1 break in the window) within the top 10 % of
//                           network length in score order, the main that crosses 10 % counted in proportion to its
//                           length inside;
//   breaks R@10 % length    share of the breaks (each break counted, a main that broke three times thrice) within the
//                           same top 10 % of length, the crossing main in proportion likewise;
//   AUC                     Mann–Whitney over mains, ties counted half.
// Both recalls travel as "R@10 % length" in the literature (issue 38): they differ wherever a main breaks more than
// once in the window, and a ranking that puts the repeat breakers first gains more on the breaks' one.
// Mains that tie on a ranking's key share a position: a cut through a tie takes the same share of each of them, so
// a raw ranking with many ties (age, previous breaks) is measured by its expectation over tie orders, not by
// whichever order a sort happened to leave. Every measure takes weights, so a bootstrap resample (a main drawn
// k times weighs k) is measured with one walk over a fixed order: O(n) per resample, no re-sort.

export interface PeerMeasures {
  readonly precisionAt1Pct: number;
  /** Share of the breaking mains on the top 10 % of length. */
  readonly mainsRecallAt10PctLength: number;
  /** Share of the breaks (counted one by one) on the top 10 % of length. */
  readonly breaksRecallAt10PctLength: number;
  readonly auc: number;
}

/** A ranking's mains grouped by equal key, riskiest group first. */
export interface RankingGroups {
  /** Mains of group g are order[start[g] .. start[g + 1]). */
  readonly order: Uint32Array;
  readonly start: Uint32Array;
}

/**
 * Groups mains by `score` descending, then `tieBreak` descending (e.g. age behind previous breaks); equal in both
 * is a tie. NaN sorts last (a main the ranking cannot score is least risky).
 */
export function rankingGroups(score: ArrayLike<number>, tieBreak?: ArrayLike<number>): RankingGroups {
  const key = (a: ArrayLike<number> | undefined, i: number) => {
    const v = a?.[i] ?? 0;
    return Number.isNaN(v) ? -Infinity : v;
  };
  const order = Uint32Array.from({ length: score.length }, (_, i) => i).sort(
    (a, b) => key(score, b) - key(score, a) || key(tieBreak, b) - key(tieBreak, a) || a - b,
  );
  const starts: number[] = [];
  for (let k = 0; k < order.length; k++) {
    const i = order[k]!;
    const j = order[k - 1];
    if (j === undefined || key(score, i) !== key(score, j) || key(tieBreak, i) !== key(tieBreak, j))
      starts.push(k);
  }
  starts.push(order.length);
  return { order, start: Uint32Array.from(starts) };
}

/** A ranking's mains with their figures laid out in its order, so a resample walks them sequentially. */
export interface OrderedMains {
  readonly groups: RankingGroups;
  /** Per position k of groups.order: the main's length, its breaks in the window, 1 if it broke (else 0). */
  readonly lengthM: Float64Array;
  readonly breaks: Float64Array;
  readonly positive: Float64Array;
}

export function orderedMains(
  groups: RankingGroups,
  breaks: ArrayLike<number>,
  lengthM: Float64Array,
): OrderedMains {
  const { order } = groups;
  const n = order.length;
  const ordered = { length: new Float64Array(n), breaks: new Float64Array(n), positive: new Float64Array(n) };
  for (let k = 0; k < n; k++) {
    const i = order[k]!;
    ordered.length[k] = lengthM[i]!;
    ordered.breaks[k] = breaks[i]!;
    ordered.positive[k] = breaks[i]! > 0 ? 1 : 0;
  }
  return { groups, lengthM: ordered.length, breaks: ordered.breaks, positive: ordered.positive };
}

/** The weighted mains, length, breaking mains and breaks of a resample: the same for every ranking. */
export interface MainTotals {
  readonly mains: number;
  readonly length: number;
  readonly positives: number;
  readonly allBreaks: number;
}

export function mainTotals(
  breaks: ArrayLike<number>,
  lengthM: Float64Array,
  weight?: Float64Array,
): MainTotals {
  let mains = 0;
  let length = 0;
  let positives = 0;
  let allBreaks = 0;
  for (let i = 0; i < breaks.length; i++) {
    const w = weight ? weight[i]! : 1;
    mains += w;
    length += w * lengthM[i]!;
    positives += w * (breaks[i]! > 0 ? 1 : 0);
    allBreaks += w * breaks[i]!;
  }
  return { mains, length, positives, allBreaks };
}

/**
 * The measures of one ranking over mains with `breaks` (breaks in the window per main; a main with ≥ 1 is a
 * breaking main), `lengthM` and `weight` (1 each by default; a bootstrap's draw counts otherwise).
 */
export function peerMeasures(
  groups: RankingGroups,
  breaks: ArrayLike<number>,
  lengthM: Float64Array,
  weight?: Float64Array,
): PeerMeasures {
  return orderedMeasures(orderedMains(groups, breaks, lengthM), mainTotals(breaks, lengthM, weight), weight);
}

/**
 * peerMeasures from a ranking's ordered mains and the resample's totals (a bootstrap prepares both once: 1,500 walks
 * per window, each reading the mains in the ranking's order).
 */
export function orderedMeasures(
  mains: OrderedMains,
  totals: MainTotals,
  weight?: Float64Array,
): PeerMeasures {
  const { mains: all, length, positives, allBreaks } = totals;
  const negatives = all - positives;
  const topMains = 0.01 * all;
  const topLength = 0.1 * length;
  let takenMains = 0;
  let hits = 0;
  let takenLength = 0;
  let caught = 0;
  let caughtBreaks = 0;
  let negativesSeen = 0;
  let aucSum = 0;
  const { order, start } = mains.groups;
  const { lengthM, breaks, positive } = mains;
  for (let g = 0; g + 1 < start.length; g++) {
    let gMains = 0;
    let gLength = 0;
    let gPositives = 0;
    let gBreaks = 0;
    for (let k = start[g]!; k < start[g + 1]!; k++) {
      const w = weight ? weight[order[k]!]! : 1;
      gMains += w;
      gLength += w * lengthM[k]!;
      gPositives += w * positive[k]!;
      gBreaks += w * breaks[k]!;
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
    // Positives of this group rank above every negative not seen yet, and tie with the group's own negatives.
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

/**
 * Calibration of a model's expected breaks over a window (issue 40): the counts the raw rankings cannot give (they
 * order mains, they predict no number). `expected`: the model's expected breaks per main over the window; `breaks`:
 * those recorded. Σ predicted ÷ Σ observed breaks, and Σ P(≥ 1 break) = Σ (1 − e^−expected) ÷ the breaking mains;
 * 1 is calibrated, above 1 over-predicts. `weight` as in peerMeasures (a bootstrap's draw counts); NaN when nothing
 * was observed.
 */
export interface CalibrationRatios {
  readonly breaksRatio: number;
  readonly breakingMainsRatio: number;
}

export function calibrationRatios(
  expected: ArrayLike<number>,
  breaks: ArrayLike<number>,
  weight?: Float64Array,
): CalibrationRatios {
  let predicted = 0;
  let observed = 0;
  let predictedMains = 0;
  let observedMains = 0;
  for (let i = 0; i < breaks.length; i++) {
    const w = weight ? weight[i]! : 1;
    if (w === 0) continue;
    const e = expected[i]!;
    predicted += w * e;
    observed += w * breaks[i]!;
    predictedMains += w * -Math.expm1(-e);
    observedMains += w * (breaks[i]! > 0 ? 1 : 0);
  }
  return {
    breaksRatio: observed > 0 ? predicted / observed : NaN,
    breakingMainsRatio: observedMains > 0 ? predictedMains / observedMains : NaN,
  };
}
