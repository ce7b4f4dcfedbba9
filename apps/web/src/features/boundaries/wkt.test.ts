import { describe, expect, it } from 'vitest';
import { polygonsToWkt } from './wkt.ts';

const square = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
  [0, 0],
];

describe('polygonsToWkt', () => {
  it('writes one rectangle as a POLYGON and several as a MULTIPOLYGON', () => {
    expect(polygonsToWkt([square])).toBe('POLYGON((0 0, 1 0, 1 1, 0 1, 0 0))');
    expect(polygonsToWkt([square, square.map(([x, y]) => [x! + 2, y!])])).toBe(
      'MULTIPOLYGON(((0 0, 1 0, 1 1, 0 1, 0 0)), ((2 0, 3 0, 3 1, 2 1, 2 0)))',
    );
  });

  it('closes an open ring and refuses an empty boundary', () => {
    expect(polygonsToWkt([square.slice(0, 4)])).toBe('POLYGON((0 0, 1 0, 1 1, 0 1, 0 0))');
    expect(() => polygonsToWkt([])).toThrow();
  });
});
