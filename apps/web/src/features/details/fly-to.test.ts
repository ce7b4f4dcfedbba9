import { describe, expect, it } from 'vitest';
import { assetFlyToZoom, geometryCenter, lineFlyTarget, zoneFlyTarget } from './fly-to.ts';

describe('fly-to (spec 000 §9, SRCH-10/11)', () => {
  it('bands the zoom by the length in the user segment unit', () => {
    expect(assetFlyToZoom(0.5, 'm')).toBe(20);
    expect(assetFlyToZoom(1.5, 'm')).toBe(18);
    expect(assetFlyToZoom(5, 'm')).toBe(17);
    expect(assetFlyToZoom(50, 'm')).toBe(16);
    expect(assetFlyToZoom(90, 'm')).toBe(15);
    // 20 m is 65.6 ft: band 10–90 in feet as in metres, but 5 m = 16.4 ft moves from 17 to 16.
    expect(assetFlyToZoom(5, 'ft')).toBe(16);
    expect(assetFlyToZoom(null, 'm')).toBe(15);
  });

  it('centres on the middle of the bounding box of any geometry nesting', () => {
    expect(
      geometryCenter([
        [
          [0, 0],
          [2, 4],
        ],
        [[6, 2]],
      ]),
    ).toEqual([3, 2]);
    expect(geometryCenter([])).toBeNull();
    expect(
      lineFlyTarget(
        {
          coordinates: [
            [
              [0, 0],
              [2, 2],
            ],
          ],
        },
        0.5,
        'm',
      ),
    ).toEqual({ center: [1, 1], zoom: 20 });
    expect(
      zoneFlyTarget({
        coordinates: [
          [
            [
              [0, 0],
              [4, 0],
              [4, 2],
              [0, 0],
            ],
          ],
        ],
      }),
    ).toEqual({ center: [2, 1], zoom: 14 });
  });
});
