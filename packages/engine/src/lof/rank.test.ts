import { CUM_BREAK_STEPS, LOF_RANK_OUT_OF_RANGE } from '@pipewise/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cumBreakStep, cumulativeBreakShares, projectWideLof, rankPercentiles, rankTier } from './rank.ts';

describe('rank percentiles and tiers', () => {
  it('ranks from the top, shares ties and gives unscored pipes 333', () => {
    const ranks = rankPercentiles([0.5, null, 0.1, 0.5, 0.2]);
    expect(ranks).toEqual([25, LOF_RANK_OUT_OF_RANGE, 100, 25, 75]);
  });

  it('maps ranks to the spec tiers top 3/10/25/50', () => {
    expect([0.1, 3, 3.01, 10, 25, 50, 50.5, 100].map(rankTier)).toEqual([
      'top3',
      'top3',
      'top10',
      'top10',
      'top25',
      'top50',
      'lower',
      'lower',
    ]);
    expect(rankTier(LOF_RANK_OUT_OF_RANGE)).toBe('outOfRange');
  });

  it('puts 3 % of 1,000 distinct pipes in the top-3 tier', () => {
    const values = Array.from({ length: 1000 }, (_, i) => i / 1000);
    expect(rankPercentiles(values).filter((r) => rankTier(r) === 'top3')).toHaveLength(30);
  });
});

describe('cumulative break shares', () => {
  it('accumulates expected breaks from the riskiest pipe and maps to the spec steps', () => {
    const shares = cumulativeBreakShares([1, 6, null, 3]);
    expect(shares).toEqual([100, 60, null, 90]);
    expect(shares.map((s) => (s === null ? null : cumBreakStep(s)))).toEqual([100, 60, null, 100]);
    expect(CUM_BREAK_STEPS.map(cumBreakStep)).toEqual([...CUM_BREAK_STEPS]);
    expect(cumBreakStep(20.5)).toBe(40);
  });
});

describe('project-wide LOF', () => {
  it('is 100 × (1 − Π(1 − lof12))', () => {
    expect(projectWideLof([0.1, 0.2, null])).toBeCloseTo(100 * (1 - 0.9 * 0.8), 12);
    expect(projectWideLof([])).toBe(0);
    expect(projectWideLof([0.3, 1])).toBe(100);
  });

  it('matches the direct product and stays within [0, 100]', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { maxLength: 50 }), (ps) => {
        const direct = 100 * (1 - ps.reduce((s, p) => s * (1 - p), 1));
        const value = projectWideLof(ps);
        expect(value).toBeCloseTo(direct, 9);
        expect(value >= 0 && value <= 100).toBe(true);
      }),
    );
  });
});
