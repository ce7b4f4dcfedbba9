import { describe, expect, it } from 'vitest';
import { crsDefinition, epsgCode, toWgs84 } from './crs.ts';

describe('CRS lookup', () => {
  it('reads EPSG codes in the forms files use', () => {
    expect(epsgCode('EPSG:3547')).toBe(3547);
    expect(epsgCode('urn:ogc:def:crs:EPSG::3547')).toBe(3547);
    expect(epsgCode('urn:ogc:def:crs:EPSG:6.3:26917')).toBe(26917);
    expect(epsgCode('urn:ogc:def:crs:OGC:1.3:CRS84')).toBe(4326);
    expect(epsgCode('PROJCS["x"]')).toBeNull();
  });

  it('reprojects UTM 17N (Kitchener) and says which code is unknown', () => {
    const [lon, lat] = toWgs84('EPSG:26917')(541741.1448, 4812353.8463);
    expect(lon).toBeCloseTo(-80.484, 2);
    expect(lat).toBeCloseTo(43.463, 2);
    expect(() => crsDefinition('EPSG:999999')).toThrow('unknown CRS EPSG:999999');
  });
});
