import { describe, expect, it } from 'vitest';
import { binFrame, fitBins, numericBin } from './binning.ts';
import { bestSplit } from './split.ts';

const params = { minRowsLeaf: 1, minHessianLeaf: 0, l2: 0, catSmooth: 0 };

describe('histogram splits', () => {
  it('cuts numeric features at quantile bins and keeps few distinct values exact', () => {
    const x = Float64Array.from({ length: 1000 }, (_, i) => i);
    const frame = {
      specs: [
        { name: 'x', kind: 'numeric' as const },
        { name: 'flag', kind: 'numeric' as const },
      ],
      columns: [x, Float64Array.from(x, (v) => v % 2)],
      pipeIndex: new Uint32Array(1000),
    };
    const [bx, bflag] = fitBins(frame, { maxBins: 10, maxCategories: 5 });
    expect(bx!.kind === 'numeric' && bx!.edges.length).toBe(9);
    expect(bflag).toEqual({ kind: 'numeric', edges: [0.5] });
    const binned = binFrame(frame, [bx!, bflag!]);
    expect(Math.max(...binned[0]!)).toBe(9);
    expect(numericBin([1, 2], 1)).toBe(0);
    expect(numericBin([1, 2], 1.5)).toBe(1);
    expect(numericBin([1, 2], 9)).toBe(2);
  });

  it('groups categories by gradient ratio (many-vs-many), not by their order', () => {
    // 4 categories; gradients say {0, 2} vs {1, 3}. hist layout: (g, h, n) per bin.
    const hist = Float64Array.of(-10, 5, 5, 10, 5, 5, -10, 5, 5, 10, 5, 5);
    const layout = { offsets: [0], binCounts: [4], categorical: [true], features: [0], totalBins: 4 };
    const split = bestSplit(hist, layout, { g: 0, h: 20, n: 20 }, params)!;
    expect(split.categories).toEqual([0, 2]);
    expect(split.gain).toBeCloseTo((20 * 20) / 10 + (20 * 20) / 10, 9);
  });

  it('respects the minimum rows per leaf', () => {
    const hist = Float64Array.of(-10, 1, 1, 1, 1, 9);
    const layout = { offsets: [0], binCounts: [2], categorical: [false], features: [0], totalBins: 2 };
    expect(bestSplit(hist, layout, { g: -9, h: 2, n: 10 }, params)!.threshold).toBe(0);
    expect(bestSplit(hist, layout, { g: -9, h: 2, n: 10 }, { ...params, minRowsLeaf: 2 })).toBeNull();
  });
});
