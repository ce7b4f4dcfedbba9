// Best split of a node from its gradient histogram (second-order gain of XGBoost, Chen & Guestrin 2016):
// gain = G_L²/(H_L+λ) + G_R²/(H_R+λ) − G²/(H+λ). Numeric features split at a bin boundary. Categorical
// features use LightGBM's many-vs-many split: categories sorted by G/(H + catSmooth), then the best prefix
// (Fisher 1958: for a convex loss the optimal two-group partition is a prefix of that order). This avoids
// one-hot blow-up and the target leakage of naive target encoding; catSmooth and the leaf minimums keep
// rare categories from driving splits.

export interface SplitParams {
  readonly minRowsLeaf: number;
  readonly minHessianLeaf: number;
  readonly l2: number;
  readonly catSmooth: number;
  /** By feature index: +1 the prediction may only rise with the feature's bin, −1 only fall, 0 free. */
  readonly monotoneByFeature?: Int8Array;
}

/**
 * Bounds on a node's Newton step −G/(H+λ), from monotone splits above it (XGBoost's and LightGBM's basic method:
 * a monotone split sends its children's midpoint down as a bound, so every later leaf keeps the order).
 */
export interface StepBounds {
  readonly lo: number;
  readonly hi: number;
}

export const UNBOUNDED: StepBounds = { lo: -Infinity, hi: Infinity };

export const boundedStep = (g: number, h: number, l2: number, b: StepBounds) =>
  Math.min(b.hi, Math.max(b.lo, -g / (h + l2)));

export interface Split {
  gain: number;
  feature: number;
  /** Numeric: rows with bin ≤ threshold go left. */
  threshold: number;
  /** Categorical: bins going left (others, and unseen categories, go right). */
  categories: number[] | null;
  gLeft: number;
  hLeft: number;
  nLeft: number;
  /** The children's bounded steps (their bounds follow from them on a monotone feature). */
  wLeft: number;
  wRight: number;
}

export interface HistogramLayout {
  readonly offsets: readonly number[];
  readonly binCounts: readonly number[];
  readonly categorical: readonly boolean[];
  readonly features: readonly number[];
  readonly totalBins: number;
}

/** hist holds (g, h, n) per bin of every feature, at 3 × (offset + bin). */
export function bestSplit(
  hist: Float64Array,
  layout: HistogramLayout,
  total: { g: number; h: number; n: number },
  p: SplitParams,
  bounds: StepBounds = UNBOUNDED,
): Split | null {
  const parent = (total.g * total.g) / (total.h + p.l2);
  const bounded = bounds.lo > -Infinity || bounds.hi < Infinity;
  const monotone = p.monotoneByFeature;
  const found: { best: Split | null } = { best: null };
  const consider = (
    f: number,
    gl: number,
    hl: number,
    nl: number,
    threshold: number,
    cats: number[] | null,
  ) => {
    const nr = total.n - nl;
    const hr = total.h - hl;
    if (nl < p.minRowsLeaf || nr < p.minRowsLeaf || hl < p.minHessianLeaf || hr < p.minHessianLeaf) return;
    const gr = total.g - gl;
    const direction = monotone?.[f] ?? 0;
    let gain: number;
    let wl: number;
    let wr: number;
    if (!bounded && direction === 0) {
      gain = (gl * gl) / (hl + p.l2) + (gr * gr) / (hr + p.l2) - parent;
      wl = -gl / (hl + p.l2);
      wr = -gr / (hr + p.l2);
    } else {
      wl = boundedStep(gl, hl, p.l2, bounds);
      wr = boundedStep(gr, hr, p.l2, bounds);
      if (direction * (wr - wl) < 0) return;
      // The loss reduction of a leaf held at step w: −(2Gw + (H+λ)w²), G²/(H+λ) at the free optimum.
      gain = -(2 * gl * wl + (hl + p.l2) * wl * wl) - (2 * gr * wr + (hr + p.l2) * wr * wr) - parent;
    }
    if (gain > 1e-12 && (found.best === null || gain > found.best.gain)) {
      found.best = {
        gain,
        feature: f,
        threshold,
        categories: cats,
        gLeft: gl,
        hLeft: hl,
        nLeft: nl,
        wLeft: wl,
        wRight: wr,
      };
    }
  };
  for (const f of layout.features) {
    const o = layout.offsets[f]! * 3;
    const bins = layout.binCounts[f]!;
    if (!layout.categorical[f]) {
      let gl = 0;
      let hl = 0;
      let nl = 0;
      for (let b = 0; b < bins - 1; b++) {
        gl += hist[o + 3 * b]!;
        hl += hist[o + 3 * b + 1]!;
        nl += hist[o + 3 * b + 2]!;
        if (nl > 0) consider(f, gl, hl, nl, b, null);
      }
      continue;
    }
    const present: number[] = [];
    for (let b = 0; b < bins; b++) if (hist[o + 3 * b + 2]! > 0) present.push(b);
    const ratio = (b: number) => hist[o + 3 * b]! / (hist[o + 3 * b + 1]! + p.catSmooth);
    present.sort((a, b) => ratio(a) - ratio(b) || a - b);
    let gl = 0;
    let hl = 0;
    let nl = 0;
    for (let k = 0; k < present.length - 1; k++) {
      const b = present[k]!;
      gl += hist[o + 3 * b]!;
      hl += hist[o + 3 * b + 1]!;
      nl += hist[o + 3 * b + 2]!;
      const before = found.best;
      consider(f, gl, hl, nl, -1, null);
      if (found.best !== before && found.best)
        found.best.categories = present.slice(0, k + 1).sort((x, y) => x - y);
    }
  }
  return found.best;
}
