import { VIEW_DEFINITIONS } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { sliderScale } from './slider-scale.ts';

describe('sliderScale', () => {
  it('uses inches for imperial diameter and converts back to mm', () => {
    const scale = sliderScale(VIEW_DEFINITIONS.diameter, 'imperial')!;
    expect([scale.min, scale.max, scale.step]).toEqual([0, 2000, 0.5]);
    expect(scale.toTile(4)).toBeCloseTo(101.6);
    expect(scale.toDisplay(254)).toBeCloseTo(10);
  });

  it('gives an imperial user the break rate per mile and converts back to the tiles’ per km', () => {
    const scale = sliderScale(VIEW_DEFINITIONS.breakRate, 'imperial')!;
    expect([scale.min, scale.max, scale.step]).toEqual([0, 3, 0.01]);
    expect(scale.toTile(1.60934)).toBeCloseTo(1, 9);
    expect(scale.toDisplay(0.1)).toBeCloseTo(0.160934, 9);
    expect(sliderScale(VIEW_DEFINITIONS.breakRate, 'metric')!.max).toBe(2);
  });

  it('keeps the tile unit otherwise', () => {
    const scale = sliderScale(VIEW_DEFINITIONS.diameter, 'metric')!;
    expect([scale.min, scale.max, scale.step]).toEqual([0, 5000, 10]);
    expect(scale.toTile(150)).toBe(150);
    expect(sliderScale(VIEW_DEFINITIONS.cof, 'metric')).toBeNull();
  });
});
