import { describe, expect, it } from 'vitest';
import { midpointAlong, pointsInAreas } from './areas-of-city.ts';

const square = (x0: number, y0: number, side: number): [number, number][] => [
  [x0, y0],
  [x0 + side, y0],
  [x0 + side, y0 + side],
  [x0, y0 + side],
  [x0, y0],
];

describe('points in areas', () => {
  it('honours holes and multipolygon parts', () => {
    const ringWithHole = [square(0, 0, 10), square(4, 4, 2)];
    const twoParts = [[square(20, 0, 1)], [square(30, 0, 1)]];
    const points: ([number, number] | null)[] = [[1, 1], [5, 5], [20.5, 0.5], [30.5, 0.5], [25, 0.5], null];
    expect(pointsInAreas(points, [[ringWithHole], twoParts])).toEqual([[0], [2, 3]]);
  });

  it('takes the midpoint along the line, not the middle vertex', () => {
    expect(
      midpointAlong([
        [0, 0],
        [1, 0],
        [4, 0],
      ]),
    ).toEqual([2, 0]);
  });
});
