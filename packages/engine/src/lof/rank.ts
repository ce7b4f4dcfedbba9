// Ranks and network summaries of per-pipe LOF (spec §3, §8–9).
import { CUM_BREAK_STEPS, LOF_RANK_OUT_OF_RANGE } from '@pipewise/domain';

/** Spec rank tiers: top 3, 10, 25, 50 %, then lower risk. */
export const RANK_TIER_PERCENTS = [3, 10, 25, 50] as const;
export type RankTier = 'top3' | 'top10' | 'top25' | 'top50' | 'lower' | 'outOfRange';

/**
 * Percentile rank from the top: 100 × (1 + pipes strictly riskier) / scored pipes, so the riskiest pipe of
 * 1,000 has 0.1 and "top 3 %" is rank ≤ 3. Ties share the better rank. Unscored pipes (null) get 333.
 */
export function rankPercentiles(values: readonly (number | null)[]): number[] {
  const scored = values.flatMap((v, i) => (v === null || !Number.isFinite(v) ? [] : [i]));
  scored.sort((a, b) => values[b]! - values[a]! || a - b);
  const out = values.map(() => LOF_RANK_OUT_OF_RANGE);
  let higher = 0;
  scored.forEach((i, k) => {
    if (k > 0 && values[i]! < values[scored[k - 1]!]!) higher = k;
    out[i] = rankAmong(higher, scored.length);
  });
  return out;
}

/**
 * One pipe's rank among scored pipes of which `riskier` are strictly riskier, as rankPercentiles gives it: a pipe
 * edit re-ranks the edited pipe against the stored figures of the others (pipeline/rescore.ts).
 */
export const rankAmong = (riskier: number, scored: number): number => (100 * (1 + riskier)) / scored;

/**
 * One pipe's cumulative break share, as cumulativeBreakShares gives it: `atLeast` is the expected breaks of every
 * pipe as risky or riskier, itself and its ties included, `total` the network's.
 */
export const shareAmong = (atLeast: number, total: number): number =>
  total > 0 ? (100 * atLeast) / total : 100;

export function rankTier(rank: number): RankTier {
  if (rank === LOF_RANK_OUT_OF_RANGE || !Number.isFinite(rank) || rank < 0 || rank > 100) return 'outOfRange';
  const [t3, t10, t25, t50] = RANK_TIER_PERCENTS;
  if (rank <= t3) return 'top3';
  if (rank <= t10) return 'top10';
  if (rank <= t25) return 'top25';
  if (rank <= t50) return 'top50';
  return 'lower';
}

/**
 * Cumulative share (%) of the network's expected breaks held by this pipe and every riskier one (pipes in
 * descending expected breaks; ties share the share at the end of their group). A pipe at 20 is among the
 * few pipes that carry the first fifth of expected breaks (a Pareto view; spec steps 20/40/60/80/100).
 */
export function cumulativeBreakShares(expected: readonly (number | null)[]): (number | null)[] {
  const scored = expected.flatMap((v, i) => (v === null || !Number.isFinite(v) ? [] : [i]));
  scored.sort((a, b) => expected[b]! - expected[a]! || a - b);
  const total = scored.reduce((s, i) => s + expected[i]!, 0);
  const out: (number | null)[] = expected.map(() => null);
  let k = 0;
  let cumulative = 0;
  while (k < scored.length) {
    let end = k;
    while (end < scored.length && expected[scored[end]!] === expected[scored[k]!])
      cumulative += expected[scored[end++]!]!;
    for (let j = k; j < end; j++) out[scored[j]!] = shareAmong(cumulative, total);
    k = end;
  }
  return out;
}

/** The spec step (20, 40, 60, 80, 100) a cumulative share falls into. */
export function cumBreakStep(share: number): number {
  return CUM_BREAK_STEPS.find((s) => share <= s + 1e-9) ?? CUM_BREAK_STEPS[CUM_BREAK_STEPS.length - 1]!;
}

/** Project-wide LOF (spec §9): 100 × (1 − Π(1 − lof12)), summed in log space for precision. */
export function projectWideLof(lof12: readonly (number | null)[]): number {
  let logSurvival = 0;
  for (const p of lof12) {
    if (p === null || !(p > 0)) continue;
    if (p >= 1) return 100;
    logSurvival += Math.log1p(-p);
  }
  return logSurvival === 0 ? 0 : -100 * Math.expm1(logSurvival);
}
