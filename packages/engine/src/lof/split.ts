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
}

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
): Split | null {
  const parent = (total.g * total.g) / (total.h + p.l2);
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
    const gain = (gl * gl) / (hl + p.l2) + (gr * gr) / (hr + p.l2) - parent;
    if (gain > 1e-12 && (found.best === null || gain > found.best.gain)) {
      found.best = { gain, feature: f, threshold, categories: cats, gLeft: gl, hLeft: hl, nLeft: nl };
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
