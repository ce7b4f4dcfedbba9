import { describe, expect, it } from 'vitest';
import { flyToZoom, ZONE_FLY_TO_ZOOM } from './fly-to.ts';

describe('flyToZoom (spec 000 §9, SRCH-10)', () => {
  it('zooms by length band, each band including its lower edge', () => {
    expect(flyToZoom(0.5)).toBe(20);
    expect(flyToZoom(1)).toBe(18);
    expect(flyToZoom(1.99)).toBe(18);
    expect(flyToZoom(2)).toBe(17);
    expect(flyToZoom(10)).toBe(16);
    expect(flyToZoom(89.9)).toBe(16);
    expect(flyToZoom(90)).toBe(15);
    expect(flyToZoom(Number.NaN)).toBe(15);
    expect(ZONE_FLY_TO_ZOOM).toBe(14);
  });
});
