import { describe, expect, it } from 'vitest';
import { KM_PER_MILE } from '../format/units.ts';
import {
  breakRateTiers,
  roundToTwoDigits,
  STATIC_BREAK_RATE_BOUNDS,
  withBreakRateTiers,
} from './break-rate-tiers.ts';
import { VIEW_DEFINITIONS } from './definitions.ts';

// 17 quantiles of a town's districts: 0.02 … 0.34 expected breaks per km and year.
const QUANTILES = Array.from({ length: 17 }, (_, i) => 0.02 + i * 0.02);

describe('breakRate tiers (issue 15)', () => {
  it('rounds bounds to two significant digits', () => {
    expect(roundToTwoDigits(0.0437)).toBe(0.044);
    expect(roundToTwoDigits(0.1234)).toBe(0.12);
    expect(roundToTwoDigits(1.234)).toBe(1.2);
    expect(roundToTwoDigits(123.4)).toBe(120);
  });

  it('spreads the areas in five tiers at their quantiles, in per km', () => {
    const tiers = breakRateTiers('metric', QUANTILES);
    // At 1/5 … 4/5 of the distribution: 0.084, 0.148, 0.212, 0.276 → two digits.
    expect(tiers.map((t) => t.high)).toEqual([0.084, 0.15, 0.21, 0.28, undefined]);
    expect(tiers[0]!.color).not.toBe(tiers[4]!.color);
  });

  it('rounds an imperial user’s bounds per mile and colours the per-km tiles by them', () => {
    const tiers = breakRateTiers('imperial', QUANTILES);
    const perMile = tiers.map((t) => t.imperialHigh);
    expect(perMile).toEqual([0.14, 0.24, 0.34, 0.44, undefined]);
    tiers.slice(0, 4).forEach((t, i) => expect(t.high).toBeCloseTo(perMile[i]! / KM_PER_MILE, 12));
  });

  it('keeps the static classes without quantiles or when every area has the same rate', () => {
    expect(breakRateTiers('metric', null).map((t) => t.low)).toEqual([
      undefined,
      ...STATIC_BREAK_RATE_BOUNDS.metric,
    ]);
    expect(breakRateTiers('metric', Array(17).fill(0.1)).map((t) => t.high)).toEqual([
      ...STATIC_BREAK_RATE_BOUNDS.metric,
      undefined,
    ]);
  });

  it('adapts only the breakRate view: its tiers and, per mile, its title', () => {
    const ctx = { unitSystem: 'imperial' as const, breakRateQuantiles: QUANTILES };
    const view = withBreakRateTiers(VIEW_DEFINITIONS.breakRate, ctx);
    expect(view.titleKey).toBe('views.breakRate.titleImperial');
    expect(view.tiers.map((t) => t.imperialHigh)).toEqual([0.14, 0.24, 0.34, 0.44, undefined]);
    expect(withBreakRateTiers(VIEW_DEFINITIONS.breakRate, {}).titleKey).toBe('views.breakRate.title');
    expect(withBreakRateTiers(VIEW_DEFINITIONS.lof, ctx)).toBe(VIEW_DEFINITIONS.lof);
  });
});
