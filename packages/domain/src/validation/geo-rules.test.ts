import { describe, expect, it } from 'vitest';
import { latitude, longitude } from './geo-rules.ts';

describe('latitude', () => {
  it.each([90, -90, '37.49', 0])('accepts %j', (value) => expect(latitude().test(value)).toBe(true));
  it.each([90.0001, -90.0001, 'north', '91'])('refuses %j', (value) =>
    expect(latitude().test(value)).toBe(false),
  );
});

describe('longitude', () => {
  it.each([180, -180, '-122.23', 139.95])('accepts %j', (value) =>
    expect(longitude().test(value)).toBe(true),
  );
  it.each([180.0001, -180.0001, 'x'])('refuses %j', (value) => expect(longitude().test(value)).toBe(false));
  it('carries the bound', () => expect(longitude().params).toEqual({ max: 180 }));
});
