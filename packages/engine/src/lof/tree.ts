// One regression tree grown depth-wise on gradient histograms (Ke et al. 2017, LightGBM): the smaller
// child's histogram is built from its rows and the larger one's is the parent's minus it. Every node keeps
// its own Newton value −G/(H+λ) (capped, shrunk): leaves give the prediction, internal nodes let the
// Saabas path attribution split a prediction into per-feature contributions.
import { bundledHistogram, type BundledRows } from './bundles.ts';
import {
  UNBOUNDED,
  bestSplit,
  boundedStep,
  type HistogramLayout,
  type Split,
  type SplitParams,
  type StepBounds,
} from './split.ts';

/** A tree as plain data (JSON-serialisable). feature −1 marks a leaf. */
export interface Tree {
  readonly feature: number[];
  readonly threshold: number[];
  readonly categories: (number[] | null)[];
  readonly left: number[];
  readonly right: number[];
  readonly value: number[];
  readonly gain: number[];
}

export interface TreeParams extends SplitParams {
  readonly maxDepth: number;
  readonly maxDeltaStep: number;
  readonly learningRate: number;
}

/**
 * The rows' bins packed row-major: row r's bin of the k-th used feature is data[r × stride + k]. Walking a row down a
 * tree then reads its bins from one place (a cache line) instead of one column per feature (predict.ts). The
 * histogram pass reads the bundled rows of bundles.ts instead.
 */
export interface PackedRows {
  readonly data: Uint8Array;
  readonly stride: number;
  /** Feature index → its position in a packed row (−1: not packed). */
  readonly position: Int32Array;
}

export function packRows(bins: readonly Uint8Array[], used: readonly number[]): PackedRows {
  const n = bins[used[0]!]?.length ?? 0;
  const stride = used.length;
  const data = new Uint8Array(n * stride);
  used.forEach((f, k) => {
    const column = bins[f]!;
    for (let r = 0, o = k; r < n; r++, o += stride) data[o] = column[r]!;
  });
  const position = new Int32Array(bins.length).fill(-1);
  used.forEach((f, k) => (position[f] = k));
  return { data, stride, position };
}

export interface TreeData {
  /** Column-major bins: a partition reads one feature of many rows, where a column is the denser layout. */
  readonly bins: readonly Uint8Array[];
  /** The rows' bins bundled for the histogram pass (bundles.ts), built over the same `layout`. */
  readonly bundled: BundledRows;
  readonly grad: Float64Array;
  readonly hess: Float64Array;
  readonly layout: HistogramLayout;
}

/** Buffers a fit reuses from tree to tree (a tree's scratch would otherwise be 4 bytes per sampled row, each tree). */
export interface TreeScratch {
  readonly rows: Uint32Array;
  readonly codeHist: Float64Array;
}

export const treeScratch = (rows: number, bundled: BundledRows): TreeScratch => ({
  rows: new Uint32Array(rows),
  codeHist: new Float64Array(bundled.totalCodes * 3),
});

interface Pending {
  id: number;
  start: number;
  end: number;
  depth: number;
  hist: Float64Array | null;
  g: number;
  h: number;
  bounds: StepBounds;
}

function buildHistogram(
  data: TreeData,
  scratch: TreeScratch,
  rows: Uint32Array,
  start: number,
  end: number,
): Float64Array {
  const { layout, grad, hess, bundled } = data;
  return bundledHistogram(bundled, layout.totalBins, grad, hess, rows, start, end, scratch.codeHist);
}

/** Stable in-place partition of rows[start, end): rows going left first; returns the boundary. */
function partition(
  data: TreeData,
  rows: Uint32Array,
  scratch: Uint32Array,
  node: Pending,
  split: Split,
): number {
  const column = data.bins[split.feature]!;
  const mask = new Uint8Array(256);
  for (const c of split.categories ?? []) mask[c] = 1;
  const categorical = split.categories !== null;
  let l = node.start;
  let r = 0;
  for (let i = node.start; i < node.end; i++) {
    const row = rows[i]!;
    const b = column[row]!;
    if (categorical ? mask[b] === 1 : b <= split.threshold) rows[l++] = row;
    else scratch[r++] = row;
  }
  rows.set(scratch.subarray(0, r), l);
  return l;
}

export function leafValue(g: number, h: number, p: TreeParams, bounds: StepBounds = UNBOUNDED): number {
  const step = boundedStep(g, h, p.l2, bounds);
  return Math.max(-p.maxDeltaStep, Math.min(p.maxDeltaStep, step)) * p.learningRate;
}

/** The children's bounds after a split: on a monotone feature they meet at the midpoint of their steps. */
function childBounds(split: Split, bounds: StepBounds, p: SplitParams): [StepBounds, StepBounds] {
  const direction = p.monotoneByFeature?.[split.feature] ?? 0;
  if (direction === 0) return [bounds, bounds];
  const mid = (split.wLeft + split.wRight) / 2;
  const low = { lo: bounds.lo, hi: mid };
  const high = { lo: mid, hi: bounds.hi };
  return direction > 0 ? [low, high] : [high, low];
}

/** Rows [start, end) of `rows` (after growth) that ended in leaf `node`. */
export type LeafRange = (node: number, start: number, end: number) => void;

/** Grows one tree on rows (indices into the data; reordered in place so each leaf's rows are contiguous). */
export function growTree(
  data: TreeData,
  rows: Uint32Array,
  p: TreeParams,
  onLeaf?: LeafRange,
  buffers: TreeScratch = treeScratch(rows.length, data.bundled),
): Tree {
  const tree: Tree = { feature: [], threshold: [], categories: [], left: [], right: [], value: [], gain: [] };
  const addNode = (g: number, h: number, bounds: StepBounds): number => {
    tree.feature.push(-1);
    tree.threshold.push(0);
    tree.categories.push(null);
    tree.left.push(-1);
    tree.right.push(-1);
    tree.value.push(leafValue(g, h, p, bounds));
    tree.gain.push(0);
    return tree.feature.length - 1;
  };
  let g = 0;
  let h = 0;
  for (let i = 0; i < rows.length; i++) {
    g += data.grad[rows[i]!]!;
    h += data.hess[rows[i]!]!;
  }
  const queue: Pending[] = [
    {
      id: addNode(g, h, UNBOUNDED),
      start: 0,
      end: rows.length,
      depth: 0,
      hist: null,
      g,
      h,
      bounds: UNBOUNDED,
    },
  ];
  if (p.maxDepth > 0) queue[0]!.hist = buildHistogram(data, buffers, rows, 0, rows.length);
  for (let q = 0; q < queue.length; q++) {
    const node = queue[q]!;
    const hist = node.hist;
    node.hist = null;
    const split =
      hist === null || node.depth >= p.maxDepth
        ? null
        : bestSplit(hist, data.layout, { g: node.g, h: node.h, n: node.end - node.start }, p, node.bounds);
    if (split === null || hist === null) {
      onLeaf?.(node.id, node.start, node.end);
      continue;
    }
    const mid = partition(data, rows, buffers.rows, node, split);
    const [leftBounds, rightBounds] = childBounds(split, node.bounds, p);
    const left = addNode(split.gLeft, split.hLeft, leftBounds);
    const right = addNode(node.g - split.gLeft, node.h - split.hLeft, rightBounds);
    tree.feature[node.id] = split.feature;
    tree.threshold[node.id] = split.threshold;
    tree.categories[node.id] = split.categories;
    tree.left[node.id] = left;
    tree.right[node.id] = right;
    tree.gain[node.id] = split.gain;
    const depth = node.depth + 1;
    const l: Pending = {
      id: left,
      start: node.start,
      end: mid,
      depth,
      hist: null,
      g: split.gLeft,
      h: split.hLeft,
      bounds: leftBounds,
    };
    const r: Pending = {
      id: right,
      start: mid,
      end: node.end,
      depth,
      hist: null,
      g: node.g - l.g,
      h: node.h - l.h,
      bounds: rightBounds,
    };
    if (depth < p.maxDepth) {
      const [small, large] = mid - node.start <= node.end - mid ? [l, r] : [r, l];
      small.hist = buildHistogram(data, buffers, rows, small.start, small.end);
      large.hist = hist;
      for (let k = 0; k < hist.length; k++) hist[k] = hist[k]! - small.hist[k]!;
    }
    queue.push(l, r);
  }
  return tree;
}
