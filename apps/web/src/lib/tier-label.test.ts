import { VIEW_DEFINITIONS } from '@pipewise/domain';
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

  it('uses the translated label when the tier names one, and the locale for numbers', () => {
    expect(labels('rank', 'metric')[0]).toBe('t:tiers.rank.top3');
    expect(labels('lof', 'metric', 'de')[1]).toMatch(/^1\s%\s–\s3\s%$/u);
  });
});
