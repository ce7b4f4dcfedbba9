import { describe, expect, it } from 'vitest';
import { stratifiedSample, wilsonInterval } from './sampling.ts';

const candidates = [
  ...Array.from({ length: 90 }, (_, i) => ({ id: i + 1, stratum: 'install_year' })),
  ...Array.from({ length: 9 }, (_, i) => ({ id: 100 + i, stratum: 'diameter' })),
  { id: 500, stratum: 'diameter+install_year' },
];

describe('stratifiedSample', () => {
  it('allocates proportionally with at least one pipe per stratum', () => {
    const { pipeIds, strata } = stratifiedSample(candidates, 10, 7);
    expect(pipeIds).toHaveLength(10);
    expect(new Set(pipeIds).size).toBe(10);
    expect(strata).toEqual({ diameter: 1, 'diameter+install_year': 1, install_year: 8 });
    expect(pipeIds).toContain(500);
  });

  it('is reproducible for a seed and independent of the input order', () => {
    const a = stratifiedSample(candidates, 20, 42);
    expect(stratifiedSample([...candidates].reverse(), 20, 42)).toEqual(a);
    expect(stratifiedSample(candidates, 20, 43).pipeIds).not.toEqual(a.pipeIds);
  });

  it('takes every candidate when the size exceeds them, and nothing from none', () => {
    expect(stratifiedSample(candidates, 1000, 1).pipeIds).toHaveLength(100);
    expect(stratifiedSample([], 10, 1)).toEqual({ pipeIds: [], strata: {} });
  });

  it('fills from the larger strata when fewer pipes are asked than there are strata', () => {
    const { pipeIds, strata } = stratifiedSample(candidates, 2, 3);
    expect(pipeIds).toHaveLength(2);
    expect(strata['install_year']).toBeGreaterThanOrEqual(1);
  });
});

describe('wilsonInterval', () => {
  it('matches the textbook value and stays inside [0, 1]', () => {
    // 8 of 10: Wilson 95 % interval 0.490–0.943 (Newcombe 1998, table I method 3).
    const { low, high } = wilsonInterval(8, 10);
    expect(low).toBeCloseTo(0.49, 2);
    expect(high).toBeCloseTo(0.943, 3);
    const all = wilsonInterval(10, 10);
    expect(all.high).toBeCloseTo(1, 12);
    expect(all.low).toBeCloseTo(0.722, 3);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});
