import { i18n } from '../../lib/i18n.ts';
import { describe, expect, it } from 'vitest';
import { formatters } from './format.ts';

const fmt = formatters({
  language: 'en',
  units: { segment: 'm', diameter: 'mm', segmentLarge: 'km' },
  t: i18n.getFixedT('en', 'details'),
});

describe('details display rules (spec 000 §5)', () => {
  it('RUL: below 0 or empty n/a, 100 or more 100+ years', () => {
    expect(fmt.rul(-1)).toBe('n/a');
    expect(fmt.rul(null)).toBe('n/a');
    expect(fmt.rul(100)).toBe('100+ years');
    expect(fmt.rul(1)).toBe('1 year');
    expect(fmt.rul(41.6)).toBe('42 years');
  });

  it('LOF: -1 or empty n/a, else a percentage', () => {
    expect(fmt.lof(-1)).toBe('n/a');
    expect(fmt.lof(undefined)).toBe('n/a');
    expect(fmt.lof(0.1234)).toBe('12.34%');
  });

  it("population change: '...' for the comparison year, else a whole percent", () => {
    expect(fmt.populationChange(3.4, true)).toBe('...');
    expect(fmt.populationChange(-8.5, false)).toBe('-9%');
  });

  it('rank: 333 (unscored) is n/a', () => {
    expect(fmt.rank(333)).toBe('n/a');
    expect(fmt.rank(2.5)).toBe('Top 2.5%');
    // Issue 38: the very top read 'Top 0.0%' here and 'Top 0.01%' in the report.
    expect(fmt.rank(0.01)).toBe('Top 0.01%');
    expect(fmt.rank(0.001)).toBe('Top 0.001%');
    expect(fmt.rank(0.4)).toBe('Top 0.40%');
  });

  it('lengths and diameters in the user units; NA becomes n/a', () => {
    expect(fmt.length(1234.56)).toBe('1,234.6 m');
    expect(fmt.diameter(null)).toBe('n/a');
    expect(fmt.year(1965)).toBe('1965');
  });
});
