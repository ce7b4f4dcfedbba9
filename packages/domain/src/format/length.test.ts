import { describe, expect, it } from 'vitest';
import { formatDiameter, formatLength } from './length.ts';
import type { DiameterUnit, LengthUnit } from './units.ts';

describe('formatLength', () => {
  it('converts stored meters to the unit', () => {
    expect(formatLength(1000, 'ft', 'en')).toBe('3,280.8 ft');
    expect(formatLength(1234.56, 'm', 'en')).toBe('1,234.6 m');
    expect(formatLength(1609.34, 'mi', 'en')).toBe('1 mi');
    expect(formatLength(2500, 'km', 'de')).toBe('2,5 km');
  });
  it('honours maxDecimals', () => {
    expect(formatLength(12.345, 'm', 'en', { maxDecimals: 2 })).toBe('12.35 m');
    expect(formatLength(12.345, 'm', 'en', { maxDecimals: 0 })).toBe('12 m');
  });
  it('writes full-width digits in Japanese', () => {
    expect(formatLength(12.5, 'm', 'ja')).toBe('１２.５ m');
  });
  it("shows 'NA' when the conversion fails", () => {
    expect(formatLength(Number.NaN, 'm', 'en')).toBe('NA');
    expect(formatLength(undefined, 'ft', 'en')).toBe('NA');
    expect(formatLength(5, 'yd' as LengthUnit, 'en')).toBe('NA');
  });
});

describe('formatDiameter', () => {
  it('converts stored millimeters', () => {
    expect(formatDiameter(152.4, 'in', 'en')).toBe('6 in');
    expect(formatDiameter(165.1, 'in', 'en')).toBe('6.5 in');
    expect(formatDiameter(150.4, 'mm', 'de')).toBe('150 mm');
  });
  it("shows 'NA' when the conversion fails", () => {
    expect(formatDiameter(null, 'mm', 'en')).toBe('NA');
    expect(formatDiameter(100, 'cm' as DiameterUnit, 'en')).toBe('NA');
  });
});
