import { describe, expect, it } from 'vitest';
import { convertDiameter, convertLength, diameterToMm, lengthToMeters } from './convert.ts';
import type { LengthUnit } from './units.ts';

describe('convertLength', () => {
  it('converts meters to each unit', () => {
    expect(convertLength(0.3048, 'ft')).toBeCloseTo(1, 12);
    expect(convertLength(1609.34, 'mi')).toBeCloseTo(1, 12);
    expect(convertLength(1500, 'km')).toBe(1.5);
    expect(convertLength(12, 'm')).toBe(12);
  });
  it('round-trips', () => {
    expect(lengthToMeters(convertLength(123.4, 'ft'), 'ft')).toBeCloseTo(123.4, 10);
    expect(lengthToMeters(2, 'mi')).toBeCloseTo(3218.68, 6);
  });
  it('gives NaN on failure', () => {
    expect(convertLength(Number.NaN, 'm')).toBeNaN();
    expect(convertLength(Number.POSITIVE_INFINITY, 'ft')).toBeNaN();
    expect(convertLength(null, 'm')).toBeNaN();
    expect(convertLength(1, 'yd' as LengthUnit)).toBeNaN();
    expect(convertLength(1, 'toString' as LengthUnit)).toBeNaN();
  });
});

describe('convertDiameter', () => {
  it('converts with 25.4 mm per inch', () => {
    expect(convertDiameter(152.4, 'in')).toBeCloseTo(6, 12);
    expect(diameterToMm(4, 'in')).toBeCloseTo(101.6, 12);
    expect(convertDiameter(150, 'mm')).toBe(150);
  });
  it('gives NaN on failure', () => {
    expect(convertDiameter(undefined, 'in')).toBeNaN();
    expect(diameterToMm(Number.NaN, 'mm')).toBeNaN();
  });
});
