import { describe, expect, it } from 'vitest';
import { scaleBar } from './scale-bar.ts';

describe('printed scale bar (issue 36)', () => {
  it('takes the longest 1-2-5 distance that fits, in metres or kilometres', () => {
    // 10 m per mm, 40 mm of room: 400 m → 200 m, 20 mm long.
    expect(scaleBar(10, 40, 'm')).toEqual({ lengthMm: 20, label: '200 m' });
    expect(scaleBar(100, 40, 'm')).toEqual({ lengthMm: 20, label: '2 km' });
    expect(scaleBar(0.5, 30, 'm')).toEqual({ lengthMm: 20, label: '10 m' });
  });

  it('uses feet below a mile and miles above, for US users', () => {
    const bar = scaleBar(10, 40, 'ft')!; // 400 m = 1,312 ft → 1,000 ft
    expect(bar.label).toBe('1000 ft');
    expect(bar.lengthMm).toBeCloseTo(30.48, 9);
    const miles = scaleBar(100, 40, 'ft')!; // 4 km = 2.49 mi → 2 mi
    expect(miles.label).toBe('2 mi');
    expect(miles.lengthMm).toBeCloseTo((2 * 1609.344) / 100, 9);
  });

  it('draws nothing without a scale', () => {
    expect(scaleBar(0, 40, 'm')).toBeNull();
    expect(scaleBar(Number.NaN, 40, 'm')).toBeNull();
  });
});
