// Calibration of the product of experts: log p(y) ∝ log prior(y) + a·attribute(y) + b·neighbour(y).
// The exponents are fitted by grid search on the log-loss of a seeded sample of known rows, each scored
// with itself left out (as it would be if it were missing). This is a two-parameter logistic stacker:
// a < 1 undoes naive Bayes' double counting of correlated covariates, b sets how much streets agree.
import { mulberry32 } from '../random/mulberry32.ts';
import type { ExpertWeights } from './types.ts';

type Exponents = Pick<ExpertWeights, 'attribute' | 'neighbour'>;

export interface Evidence {
  readonly base: Float64Array;
  readonly attribute: Float64Array;
  readonly neighbour: Float64Array;
}

const A_GRID = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.2];
const B_GRID = [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4];
const MAX_SAMPLE = 2000;

export function combineInto(e: Evidence, w: Exponents, logits: Float64Array): void {
  for (let y = 0; y < logits.length; y++) {
    logits[y] = e.base[y]! + w.attribute * e.attribute[y]! + w.neighbour * e.neighbour[y]!;
  }
}

/** Up to MAX_SAMPLE of the given rows, chosen by a seeded partial shuffle. */
export function sampleRows(rows: readonly number[], seed: number): number[] {
  const copy = [...rows];
  const random = mulberry32(seed);
  const take = Math.min(MAX_SAMPLE, copy.length);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, take);
}

/** Evidence of S sample rows packed row-major (row s at s × K), with their known classes. */
export interface EvidenceSamples {
  readonly base: Float64Array;
  readonly attribute: Float64Array;
  readonly neighbour: Float64Array;
  readonly y: Int32Array;
}

/**
 * The log-loss is convex in (a, b) (log-sum-exp of logits linear in them), so coordinate descent over
 * the two grids reaches the grid optimum's neighbourhood in a few passes instead of the full product.
 * The samples are packed in three flat arrays: each loss walks them all, a few dozen times per fit.
 */
export function fitWeights(samples: EvidenceSamples, K: number): { weights: Exponents; loss: number } {
  const logits = new Float64Array(K);
  const cache = new Map<string, number>();
  const { base, attribute, neighbour, y } = samples;
  const loss = (w: Exponents) => {
    const key = `${w.attribute}/${w.neighbour}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    let total = 0;
    for (let s = 0, o = 0; s < y.length; s++, o += K) {
      let max = -Infinity;
      for (let c = 0; c < K; c++) {
        // combineInto's sum, term by term.
        const v = base[o + c]! + w.attribute * attribute[o + c]! + w.neighbour * neighbour[o + c]!;
        logits[c] = v;
        max = Math.max(max, v);
      }
      let sum = 0;
      for (let c = 0; c < K; c++) sum += Math.exp(logits[c]! - max);
      total += Math.log(sum) + max - logits[y[s]!]!;
    }
    cache.set(key, total);
    return total;
  };
  let best: Exponents = { attribute: 1, neighbour: 1 };
  for (let pass = 0, moved = true; pass < 3 && moved; pass++) {
    const before = best;
    for (const attribute of A_GRID) {
      const w = { ...best, attribute };
      if (loss(w) < loss(best) - 1e-9) best = w;
    }
    for (const neighbour of B_GRID) {
      const w = { ...best, neighbour };
      if (loss(w) < loss(best) - 1e-9) best = w;
    }
    moved = best !== before;
  }
  return { weights: best, loss: loss(best) };
}
