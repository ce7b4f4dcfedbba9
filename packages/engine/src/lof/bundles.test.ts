import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../random/mulberry32.ts';
import { bundledHistogram, bundleRows, planBundles } from './bundles.ts';
import type { HistogramLayout } from './split.ts';

// Bin counts as on the demo town: three 64-bin numbers, two mid-sized counts, small codes, flags, a constant.
const COUNTS = [64, 64, 2, 5, 4, 1, 64, 7, 37, 32, 2, 5];

function layoutOf(counts: readonly number[]): HistogramLayout {
  const offsets: number[] = [];
  let total = 0;
  for (const c of counts) {
    offsets.push(total);
    total += c;
  }
  return {
    offsets,
    binCounts: counts,
    categorical: counts.map(() => false),
    features: counts.map((_, j) => j),
    totalBins: total,
  };
}

/** The per-feature histogram read straight off the columns. */
function direct(
  bins: Uint8Array[],
  layout: HistogramLayout,
  grad: Float64Array,
  hess: Float64Array,
  rows: Uint32Array,
) {
  const hist = new Float64Array(layout.totalBins * 3);
  for (const r of rows) {
    for (const f of layout.features) {
      const slot = (layout.offsets[f]! + bins[f]![r]!) * 3;
      hist[slot] = hist[slot]! + grad[r]!;
      hist[slot + 1] = hist[slot + 1]! + hess[r]!;
      hist[slot + 2] = hist[slot + 2]! + 1;
    }
  }
  return hist;
}

describe('feature bundles for the histogram pass', () => {
  it('packs every varying feature once, in bundles of at most 256 codes, and leaves constants out', () => {
    const layout = layoutOf(COUNTS);
    const bundles = planBundles(layout);
    expect(bundles.flat().sort((a, b) => a - b)).toEqual(COUNTS.flatMap((c, j) => (c > 1 ? [j] : [])));
    for (const b of bundles) expect(b.reduce((p, f) => p * COUNTS[f]!, 1)).toBeLessThanOrEqual(256);
    // Eleven varying features read as six bytes a row.
    expect(bundles).toHaveLength(6);
  });

  it("gives every feature's exact histogram over any run of rows, the constant's one bin the totals", () => {
    const random = mulberry32(11);
    const n = 3000;
    const layout = layoutOf(COUNTS);
    const bins = COUNTS.map((c) => Uint8Array.from({ length: n }, () => Math.floor(random() * c)));
    const grad = Float64Array.from({ length: n }, () => random() - 0.5);
    const hess = Float64Array.from({ length: n }, () => random());
    const bundled = bundleRows(bins, layout);
    const rows = Uint32Array.from({ length: n }, (_, i) => i).filter(() => random() < 0.6);
    const scratch = new Float64Array(bundled.totalCodes * 3);
    const start = 100;
    const end = rows.length - 50;
    const got = bundledHistogram(bundled, layout.totalBins, grad, hess, rows, start, end, scratch);
    const want = direct(bins, layout, grad, hess, rows.subarray(start, end));
    expect(got.length).toBe(want.length);
    for (let i = 0; i < want.length; i++) expect(got[i]).toBeCloseTo(want[i]!, 9);
  });
});
