import { describe, expect, it } from 'vitest';
import { columnMapping, importKindOf, populationColumns, targetFields } from './import-options.ts';

describe('import options', () => {
  it('maps the wire type and asset layer to the parser kind', () => {
    expect(importKindOf('assets', undefined)).toBe('pipes');
    expect(importKindOf('assets', 'valves')).toBe('valves');
    expect(importKindOf('assets', 'critical_facilities')).toBe('facilities');
    expect(importKindOf('assets', 'hydrants')).toBe('assets');
    expect(importKindOf('breaks', undefined)).toBe('breaks');
  });

  it('requires the id of pipes and valves, the date of breaks, the value of pressures', () => {
    const required = (k: Parameters<typeof targetFields>[0]) =>
      targetFields(k, [])
        .filter((f) => f.required)
        .map((f) => f.field);
    expect(required('pipes')).toEqual(['nativeId']);
    expect(required('valves')).toEqual(['nativeId']);
    expect(required('breaks')).toEqual(['date']);
    expect(required('pressures')).toEqual(['value']);
    expect(required('facilities')).toEqual([]);
  });

  it('offers one population field per year column and keeps only known fields for the validator', () => {
    const fields = targetFields('population', ['ZONE', 'POP_2030', 'Population 2025', 'AREA']);
    expect(fields.map((f) => f.field)).toEqual(['nativeId', 'name', 'population_2025', 'population_2030']);
    const mapping = { nativeId: 'ZONE', population_2025: 'Population 2025', bogus: 'AREA' };
    expect(populationColumns(mapping)).toEqual([['2025', 'Population 2025']]);
    expect(columnMapping('population', mapping)).toEqual({ nativeId: 'ZONE' });
  });
});
