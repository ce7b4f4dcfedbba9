// The histogram pass reads one byte per feature per row, so a flag or a five-material column costs as much as
// a 64-bin age. Small features are bundled: a bundle's byte is the mixed-radix code of its members' bins (product
// of their bin counts ≤ 256), its histogram is built over codes, then spread back to each member's bins. Nothing
// is lost (every member's histogram is exact), and a row carries 6 bytes instead of 11 on the demo town's features.
// LightGBM's exclusive feature bundling packs features that are never non-zero together; bundling by product
// needs no exclusivity, at the price of a bound on the product. Features with one bin (constant in the training
// rows) are left out of the pass: they cannot split, and their one bin gets the node's totals.
import type { HistogramLayout } from './split.ts';

const MAX_CODES = 256;

export interface BundledRows {
  /** Row r's code of bundle k is data[r × stride + k]. */
  readonly data: Uint8Array;
  readonly stride: number;
  /** Per bundle, its member features, the first varying fastest. */
  readonly bundles: readonly (readonly number[])[];
  /** Per bundle, its number of codes (product of its members' bin counts). */
  readonly codes: readonly number[];
  /** Per bundle, the slot of its code 0 in the code histogram (× 3 for the (g, h, n) triple). */
  readonly codeBase: Int32Array;
  readonly totalCodes: number;
  /** Per bundle, code × members → the member's histogram slot (layout offset + bin, × 3). */
  readonly spread: readonly Int32Array[];
  /** Features with a single bin: their slot in the layout histogram (× 3). */
  readonly constantSlots: Int32Array;
}

/** First-fit decreasing: each feature joins the first bundle whose code count it keeps within 256. */
export function planBundles(layout: HistogramLayout): number[][] {
  const varying = layout.features.filter((f) => layout.binCounts[f]! > 1);
  const order = [...varying].sort((a, b) => layout.binCounts[b]! - layout.binCounts[a]! || a - b);
  const bundles: { members: number[]; codes: number }[] = [];
  for (const f of order) {
    const count = layout.binCounts[f]!;
    const fit = bundles.find((b) => b.codes * count <= MAX_CODES);
    if (fit) {
      fit.members.push(f);
      fit.codes *= count;
    } else bundles.push({ members: [f], codes: count });
  }
  return bundles.map((b) => b.members);
}

export function bundleRows(bins: readonly Uint8Array[], layout: HistogramLayout): BundledRows {
  const bundles = planBundles(layout);
  const n = bins[layout.features[0]!]?.length ?? 0;
  const stride = bundles.length;
  const data = new Uint8Array(n * stride);
  const codes: number[] = [];
  const spread: Int32Array[] = [];
  bundles.forEach((members, k) => {
    let radix = 1;
    const code = new Uint16Array(n);
    for (const f of members) {
      const column = bins[f]!;
      for (let r = 0; r < n; r++) code[r] = code[r]! + column[r]! * radix;
      radix *= layout.binCounts[f]!;
    }
    for (let r = 0, o = k; r < n; r++, o += stride) data[o] = code[r]!;
    codes.push(radix);
    const table = new Int32Array(radix * members.length);
    for (let c = 0; c < radix; c++) {
      let rest = c;
      members.forEach((f, m) => {
        const count = layout.binCounts[f]!;
        table[c * members.length + m] = (layout.offsets[f]! + (rest % count)) * 3;
        rest = Math.floor(rest / count);
      });
    }
    spread.push(table);
  });
  const codeBase = new Int32Array(stride);
  let totalCodes = 0;
  codes.forEach((c, k) => {
    codeBase[k] = totalCodes * 3;
    totalCodes += c;
  });
  const constantSlots = Int32Array.from(
    layout.features.filter((f) => layout.binCounts[f]! <= 1),
    (f) => layout.offsets[f]! * 3,
  );
  return { data, stride, bundles, codes, codeBase, totalCodes, spread, constantSlots };
}

/**
 * The layout histogram ((g, h, n) per bin of every feature, as bestSplit reads it) of rows[start, end), built over
 * the bundles' codes. `codeHist` is scratch of 3 × totalCodes entries.
 */
export function bundledHistogram(
  bundled: BundledRows,
  totalBins: number,
  grad: Float64Array,
  hess: Float64Array,
  rows: Uint32Array,
  start: number,
  end: number,
  codeHist: Float64Array,
): Float64Array {
  const { data, stride, codeBase } = bundled;
  codeHist.fill(0);
  for (let i = start; i < end; i++) {
    const r = rows[i]!;
    const g = grad[r]!;
    const h = hess[r]!;
    const o = r * stride;
    for (let k = 0; k < stride; k++) {
      const slot = codeBase[k]! + data[o + k]! * 3;
      codeHist[slot] = codeHist[slot]! + g;
      codeHist[slot + 1] = codeHist[slot + 1]! + h;
      codeHist[slot + 2] = codeHist[slot + 2]! + 1;
    }
  }
  const hist = new Float64Array(totalBins * 3);
  bundled.bundles.forEach((members, k) => {
    const table = bundled.spread[k]!;
    const m = members.length;
    for (let c = 0; c < bundled.codes[k]!; c++) {
      const from = codeBase[k]! + c * 3;
      const g = codeHist[from]!;
      const h = codeHist[from + 1]!;
      const count = codeHist[from + 2]!;
      if (count === 0) continue;
      for (let j = 0; j < m; j++) {
        const to = table[c * m + j]!;
        hist[to] = hist[to]! + g;
        hist[to + 1] = hist[to + 1]! + h;
        hist[to + 2] = hist[to + 2]! + count;
      }
    }
  });
  if (bundled.constantSlots.length > 0) {
    // Every bundle's codes sum to the node's totals; with no bundle at all, sum the rows.
    let g = 0;
    let h = 0;
    if (stride > 0) {
      for (let c = 0; c < bundled.codes[0]!; c++) {
        g += codeHist[c * 3]!;
        h += codeHist[c * 3 + 1]!;
      }
    } else {
      for (let i = start; i < end; i++) {
        g += grad[rows[i]!]!;
        h += hess[rows[i]!]!;
      }
    }
    for (const slot of bundled.constantSlots) {
      hist[slot] = g;
      hist[slot + 1] = h;
      hist[slot + 2] = end - start;
    }
  }
  return hist;
}
