import { describe, expect, it } from 'vitest';
import { areaMembersOf, customAmounts, selects } from './custom.ts';
import type { CustomCofRef } from './scenario.ts';

const pipe = (over: Partial<Parameters<typeof selects>[1]> = {}) => ({
  id: 'p1',
  materialTypeCode: 3,
  diameterMm: 203.2,
  installYear: 1962,
  roadType: 'Arterial',
  ...over,
});
const none = new Map<string, Set<string>>();

describe('custom COF rules', () => {
  it('selects by material code, road type (any case) and inclusive ranges, never an unknown value', () => {
    expect(selects({ kind: 'attribute', attribute: 'material', values: [3, 5] }, pipe(), none)).toBe(true);
    expect(selects({ kind: 'attribute', attribute: 'material', values: [5] }, pipe(), none)).toBe(false);
    expect(selects({ kind: 'attribute', attribute: 'road_type', values: ['arterial'] }, pipe(), none)).toBe(
      true,
    );
    const diameter = { kind: 'attribute', attribute: 'diameter', min: 203.2, max: null } as const;
    expect(selects(diameter, pipe(), none)).toBe(true);
    expect(selects(diameter, pipe({ diameterMm: 203.1 }), none)).toBe(false);
    expect(selects(diameter, pipe({ diameterMm: null }), none)).toBe(false);
    const years = { kind: 'attribute', attribute: 'install_year', min: 1950, max: 1962 } as const;
    expect(selects(years, pipe(), none)).toBe(true);
    expect(selects(years, pipe({ installYear: 1963 }), none)).toBe(false);
  });

  it('gives each selected pipe the amounts of the enabled custom COFs only', () => {
    const cofs: CustomCofRef[] = [
      { id: 1, enabled: true, amount: 5000, rule: { kind: 'layer', layer: 'district', areaIds: ['a'] } },
      { id: 2, enabled: false, amount: 900, rule: { kind: 'attribute', attribute: 'material', values: [3] } },
      { id: 3, enabled: true, amount: 700, rule: { kind: 'attribute', attribute: 'material', values: [3] } },
      { id: 4, enabled: true }, // the spec's bare {id, enabled}: selects nothing
    ];
    const areas = areaMembersOf(cofs, [
      { areaId: 'a', pipeIds: ['p1'] },
      { areaId: 'b', pipeIds: ['p2'] },
    ]);
    expect([...areas.keys()]).toEqual(['a']);
    const amounts = customAmounts(cofs, [pipe(), pipe({ id: 'p2', materialTypeCode: 1 })], areas);
    expect(Object.fromEntries(amounts)).toEqual({ p1: { '1': 5000, '3': 700 } });
  });
});
