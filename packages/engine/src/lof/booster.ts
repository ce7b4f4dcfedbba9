// Gradient-boosted regression trees with a Poisson deviance loss and a log-exposure offset (Friedman 2001;
// second-order leaves and histogram splits as in XGBoost / LightGBM). Written here because no maintained
// JavaScript GBM library offers a Poisson objective with an offset; the model is small plain data.
// Stochastic boosting (Friedman 2002): each tree sees a row subsample drawn from the injected seed, so a
// fit is deterministic for a given seed. Early stopping watches the deviance on a validation set
// (the caller passes the most recent year: a time-based split, never a random one).
import { mulberry32 } from '../random/mulberry32.ts';
import { binCount, type FeatureBins } from './binning.ts';
import type { FeatureSpec } from './features.ts';
import { logPooledRate, meanPoissonDeviance, poissonGradients } from './poisson.ts';
import { addTrees, compileTree, multiplyByTree } from './predict.ts';
import type { HistogramLayout } from './split.ts';
import { bundleRows } from './bundles.ts';
import { growTree, packRows, treeScratch, type Tree } from './tree.ts';
import type { BoostParams } from './types.ts';

export const DEFAULT_BOOST_PARAMS: BoostParams = {
  maxTrees: 400,
  learningRate: 0.1,
  maxDepth: 4,
  minRowsLeaf: 50,
  minHessianLeaf: 1,
  l2: 1,
  maxDeltaStep: 0.7,
  subsample: 0.5,
  maxBins: 64,
  maxCategories: 32,
  catSmooth: 10,
  earlyStoppingRounds: 30,
};

/** A fitted booster as plain data. F(x) = baseScore + Σ tree leaf values = log(breaks per km·year). */
export interface BoostModel {
  readonly specs: readonly FeatureSpec[];
  readonly bins: readonly FeatureBins[];
  /** Indices of the features the trees may use. */
  readonly used: readonly number[];
  readonly baseScore: number;
  readonly trees: readonly Tree[];
}

export interface BoostData {
  readonly bins: readonly Uint8Array[];
  readonly y: Float64Array;
  /** km·years */
  readonly exposure: Float64Array;
  /** Row weights (recency weighting of the panel); default 1. */
  readonly weight?: Float64Array;
}

export interface BoostFit {
  readonly model: BoostModel;
  /** Mean validation deviance after each tree (empty without validation). */
  readonly validationDeviance: number[];
}

/** The monotone constraints by feature index; undefined when none applies (the unconstrained path is faster). */
function monotoneByFeature(specs: readonly FeatureSpec[], params: BoostParams): Int8Array | undefined {
  const named = params.monotone ?? {};
  const byFeature = Int8Array.from(specs, (s) => (s.kind === 'numeric' ? (named[s.name] ?? 0) : 0));
  return byFeature.some((d) => d !== 0) ? byFeature : undefined;
}

export function histogramLayout(bins: readonly FeatureBins[], used: readonly number[]): HistogramLayout {
  const offsets: number[] = [];
  let total = 0;
  for (const b of bins) {
    offsets.push(total);
    total += binCount(b);
  }
  return {
    offsets,
    binCounts: bins.map(binCount),
    categorical: bins.map((b) => b.kind === 'categorical'),
    features: used,
    totalBins: total,
  };
}

/**
 * Bernoulli row sample, and the rows left out, both in row order; each random draw gives four bytes, so the fraction
 * is quantised to 1/256. The arrays are views of one buffer, reordered in place by the tree (the sample only).
 */
function sampleRows(
  n: number,
  fraction: number,
  random: () => number,
  all: Uint32Array,
): { sampled: Uint32Array; rest: Uint32Array } {
  if (fraction >= 1) {
    for (let i = 0; i < n; i++) all[i] = i;
    return { sampled: all, rest: all.subarray(n) };
  }
  const threshold = Math.max(1, Math.round(fraction * 256));
  let k = 0;
  let back = n;
  // Four rows per draw, a byte each (the same draws and the same rows as one row per iteration).
  const whole = n & ~3;
  for (let i = 0; i < whole; i += 4) {
    const bits = random() * 4294967296;
    if ((bits & 255) < threshold) all[k++] = i;
    else all[--back] = i;
    if (((bits >>> 8) & 255) < threshold) all[k++] = i + 1;
    else all[--back] = i + 1;
    if (((bits >>> 16) & 255) < threshold) all[k++] = i + 2;
    else all[--back] = i + 2;
    if (((bits >>> 24) & 255) < threshold) all[k++] = i + 3;
    else all[--back] = i + 3;
  }
  if (whole < n) {
    const bits = random() * 4294967296;
    for (let i = whole; i < n; i++) {
      if (((bits >>> ((i & 3) * 8)) & 255) < threshold) all[k++] = i;
      else all[--back] = i;
    }
  }
  // The rest was filled from the end: reverse it into row order (sequential reads when walking the tree).
  all.subarray(k).reverse();
  return { sampled: all.subarray(0, k), rest: all.subarray(k) };
}

/**
 * `onTree` hears of each tree built with the number the fit now expects to build: maxTrees without validation, else
 * the best tree so far plus the early-stopping patience (the fit stops there unless the deviance improves again).
 */
export function fitBooster(
  setup: { specs: readonly FeatureSpec[]; bins: readonly FeatureBins[]; used: readonly number[] },
  train: BoostData,
  valid: BoostData | null,
  params: BoostParams,
  seed: number,
  onTree?: (built: number, expected: number) => void,
): BoostFit {
  const random = mulberry32(seed);
  const layout = histogramLayout(setup.bins, setup.used);
  const treeParams = { ...params, monotoneByFeature: monotoneByFeature(setup.specs, params) };
  const packed = packRows(train.bins, setup.used);
  const validPacked = valid ? packRows(valid.bins, setup.used) : null;
  const bundled = bundleRows(train.bins, layout);
  const baseScore = logPooledRate(train.y, train.exposure, train.weight);
  const n = train.y.length;
  const mu = train.exposure.map((e) => e * Math.exp(baseScore));
  const grad = new Float64Array(n);
  // One buffer for every tree's sample (a tree reorders its rows in place and is done with them when it is grown).
  const sampleBuffer = new Uint32Array(n);
  const scratch = treeScratch(n, bundled);
  const hess = new Float64Array(n);
  const validMu = valid ? valid.exposure.map((e) => e * Math.exp(baseScore)) : null;
  const trees: Tree[] = [];
  const validationDeviance: number[] = [];
  let bestDeviance = Infinity;
  let bestTrees = 0;
  for (let t = 0; t < params.maxTrees; t++) {
    const { sampled: rows, rest } = sampleRows(n, params.subsample, random, sampleBuffer);
    // Only the sampled rows' gradients are read by the tree.
    poissonGradients(train.y, mu, grad, hess, train.weight, rows);
    // Sampled rows learn their leaf from the partition; only the others walk the tree.
    const leaves: [number, number, number][] = [];
    const tree = growTree(
      { bins: train.bins, bundled, grad, hess, layout },
      rows,
      treeParams,
      (node, start, end) => leaves.push([node, start, end]),
      scratch,
    );
    trees.push(tree);
    const compiled = compileTree(tree);
    for (const [node, start, end] of leaves) {
      const factor = Math.exp(tree.value[node]!);
      for (let i = start; i < end; i++) mu[rows[i]!] = mu[rows[i]!]! * factor;
    }
    multiplyByTree(compiled, packed, mu, rest);
    if (valid && validMu && validPacked) {
      multiplyByTree(compiled, validPacked, validMu);
      const deviance = meanPoissonDeviance(valid.y, validMu);
      validationDeviance.push(deviance);
      if (deviance < bestDeviance - 1e-12) {
        bestDeviance = deviance;
        bestTrees = t + 1;
      } else if (t + 1 - bestTrees >= params.earlyStoppingRounds) break;
    }
    const expected = valid ? Math.max(t + 1, bestTrees + params.earlyStoppingRounds) : params.maxTrees;
    onTree?.(t + 1, Math.min(params.maxTrees, expected));
  }
  const kept = valid ? trees.slice(0, Math.max(1, bestTrees)) : trees;
  return { model: { ...setup, baseScore, trees: kept }, validationDeviance };
}

/** Log rate F(x) per row of a binned matrix. */
export function predictLogRate(model: BoostModel, bins: readonly Uint8Array[], rows: number): Float64Array {
  return addTrees(model.trees.map(compileTree), bins, new Float64Array(rows).fill(model.baseScore));
}

/** Total split gain per feature, as shares summing to 1 (0 for unused features). */
export function gainImportance(model: BoostModel): number[] {
  const gains = model.specs.map(() => 0);
  for (const t of model.trees) {
    t.feature.forEach((f, i) => {
      if (f >= 0) gains[f]! += t.gain[i]!;
    });
  }
  const total = gains.reduce((a, b) => a + b, 0);
  return gains.map((g) => (total > 0 ? g / total : 0));
}
