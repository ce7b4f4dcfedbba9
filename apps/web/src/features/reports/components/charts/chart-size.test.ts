import { localizeDigits } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { textWidthPx } from '../../lib/text-width.ts';
import { rotatesCategoryLabels, VALUE_AXIS_WIDTH, valueAxisWidth, valueTicks } from './chart-size.ts';

const count = (v: number) => new Intl.NumberFormat('en-US').format(v);

describe('valueTicks', () => {
  it('steps by 1, 2 or 5 × 10^k as d3 does, up to the first tick at or above the maximum', () => {
    expect(valueTicks(11_034)).toEqual([0, 2000, 4000, 6000, 8000, 10000, 12000]);
    expect(valueTicks(0.9)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(valueTicks(100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(valueTicks(0)).toEqual([0]);
  });
});

describe('valueAxisWidth', () => {
  const chart = (max: number, language: string) => ({
    categories: ['0 %', '10 %'],
    series: [{ id: 'pipes', label: 'Pipes', data: [max, max / 2] }],
    format: (v: number) => localizeDigits(count(v), language),
  });

  it('keeps the narrow axis for short labels', () => {
    expect(valueAxisWidth(chart(11_034, 'en'))).toBe(VALUE_AXIS_WIDTH);
    expect(valueAxisWidth(chart(90, 'ja'))).toBe(VALUE_AXIS_WIDTH);
  });

  it('widens for full-width digits, so a Japanese "１２,０００" is not cut to "１２,０…"', () => {
    const width = valueAxisWidth(chart(11_034, 'ja'));
    expect(width).toBeGreaterThan(VALUE_AXIS_WIDTH);
    expect(width).toBeGreaterThanOrEqual(textWidthPx('１２,０００', 12) + 30);
  });

  it('counts stacked series at their sum', () => {
    const stacked = {
      categories: ['a'],
      series: [
        { id: 'x', label: 'x', data: [60_000], stack: 's' },
        { id: 'y', label: 'y', data: [60_000], stack: 's' },
      ],
      format: (v: number) => `$${count(v)}`,
    };
    expect(valueAxisWidth(stacked)).toBeGreaterThanOrEqual(textWidthPx('$140,000', 12) + 30);
  });
});

describe('rotatesCategoryLabels', () => {
  it('turns the labels of the LOF classes, which side by side would not fit a dashboard card', () => {
    const lofClasses = [
      '< 1%',
      '1% – 3%',
      '3% – 5%',
      '5% – 10%',
      '10% – 15%',
      '15% – 20%',
      '20% – 25%',
      '≥ 25%',
    ];
    expect(rotatesCategoryLabels(lofClasses)).toBe(true);
  });

  it('leaves short labels and long sequences (install years) as they are', () => {
    expect(rotatesCategoryLabels(['Low', 'Medium', 'High'])).toBe(false);
    expect(rotatesCategoryLabels(Array.from({ length: 120 }, (_, i) => String(1900 + i)))).toBe(false);
  });
});
