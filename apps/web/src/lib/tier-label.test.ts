import { VIEW_DEFINITIONS, withBreakRateTiers } from '@pipewise/domain';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { tierLabel } from './tier-label.ts';

const t = ((key: string) => `t:${key}`) as unknown as TFunction;
const labels = (key: keyof typeof VIEW_DEFINITIONS, unitSystem: 'metric' | 'imperial', language = 'en') =>
  VIEW_DEFINITIONS[key].tiers.map((tier) =>
    tierLabel(VIEW_DEFINITIONS[key], tier, { t, language, unitSystem }),
  );

describe('tierLabel', () => {
  it('reads LOF tiers as percentages with open ends at 0 and past 100 %', () => {
    const lof = labels('lof', 'metric');
    expect(lof[0]).toBe('< 1%');
    expect(lof[1]).toBe('1% – 3%');
    expect(lof.at(-1)).toBe('≥ 25%');
  });

  it('shows diameters in the user unit: mm for metric, the imperial bounds in inches', () => {
    expect(labels('diameter', 'metric')[0]).toBe('< 100 mm');
    expect(labels('diameter', 'imperial')[0]).toBe('< 4 in');
    expect(labels('diameter', 'imperial').at(-1)).toBe('≥ 17 in');
  });

  it('reads break-rate tiers with two significant digits, per mile for an imperial user (issue 15)', () => {
    const quantiles = Array.from({ length: 17 }, (_, i) => 0.02 + i * 0.02);
    const label = (unitSystem: 'metric' | 'imperial') => {
      const view = withBreakRateTiers(VIEW_DEFINITIONS.breakRate, {
        unitSystem,
        breakRateQuantiles: quantiles,
      });
      return view.tiers.map((tier) => tierLabel(view, tier, { t, language: 'en', unitSystem }));
    };
    expect(label('metric')).toEqual(['< 0.084', '0.084 – 0.15', '0.15 – 0.21', '0.21 – 0.28', '≥ 0.28']);
    expect(label('imperial')).toEqual(['< 0.14', '0.14 – 0.24', '0.24 – 0.34', '0.34 – 0.44', '≥ 0.44']);
  });

  it('uses the translated label when the tier names one, and the locale for numbers', () => {
    expect(labels('rank', 'metric')[0]).toBe('t:tiers.rank.top3');
    expect(labels('lof', 'metric', 'de')[1]).toMatch(/^1\s%\s–\s3\s%$/u);
  });
});
