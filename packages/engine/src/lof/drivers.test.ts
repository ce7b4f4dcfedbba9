import { LANGUAGES, MATERIAL } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import {
  attributeDriverCode,
  featureDriverCode,
  RISK_DRIVER_CODES,
  RISK_DRIVERS,
  riskDriverName,
} from './drivers.ts';

describe('risk driver codes', () => {
  it('defines codes 1–28, each named in all six languages', () => {
    expect(RISK_DRIVER_CODES).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    for (const language of LANGUAGES) {
      const names = RISK_DRIVER_CODES.map((c) => riskDriverName(c, language));
      for (const name of names) expect(name?.trim()).toBeTruthy();
      expect(new Set(names).size).toBe(28);
    }
    expect(riskDriverName(1, 'de')).toBe('Rohralter');
    expect(riskDriverName(29)).toBeUndefined();
    expect(Object.keys(RISK_DRIVERS[5]!).sort()).toEqual([...LANGUAGES].sort());
  });

  it('names a material driver after the pipe’s own material', () => {
    expect(featureDriverCode('material', String(MATERIAL.CAST_IRON), [])).toBe(2);
    expect(featureDriverCode('material', String(MATERIAL.PCRC), [])).toBe(12);
    expect(featureDriverCode('material', '', [])).toBe(8);
    expect(featureDriverCode('ageYears', 60, [])).toBe(1);
  });

  it('maps extra layers by name, or by an explicit code', () => {
    expect(attributeDriverCode({ name: 'soil_type', kind: 'categorical' })).toBe(21);
    expect(attributeDriverCode({ name: 'pressureZone', kind: 'categorical' })).toBe(23);
    expect(attributeDriverCode({ name: 'pressure_m', kind: 'numeric' })).toBe(24);
    expect(attributeDriverCode({ name: 'Road Type', kind: 'categorical' })).toBe(25);
    expect(attributeDriverCode({ name: 'x', kind: 'numeric' })).toBe(27);
    expect(attributeDriverCode({ name: 'x', kind: 'categorical', driverCode: 26 })).toBe(26);
    expect(featureDriverCode('attr:soil', 'clay', [{ name: 'soil', kind: 'categorical' }])).toBe(21);
  });
});
