import { describe, expect, it } from 'vitest';
import { buildCustomCof, emptyCustomCofForm, formFromCustomCof, nextCustomCofId } from './custom-cof-form.ts';
import type { CustomCof } from '../types.ts';

const base = { id: 4, enabled: true };
const form = (over: Partial<ReturnType<typeof emptyCustomCofForm>>) => ({
  ...emptyCustomCofForm(),
  name: 'Big mains',
  amount: '1500',
  ...over,
});

describe('custom COF rule building', () => {
  it('sends a diameter range typed in inches in millimetres', () => {
    const result = buildCustomCof(form({ attribute: 'diameter', min: '6', max: '12' }), base, 'in');
    expect(result).toEqual({
      cof: {
        id: 4,
        enabled: true,
        name: 'Big mains',
        amount: 1500,
        rule: { kind: 'attribute', attribute: 'diameter', min: 152.4, max: 304.8 },
      },
    });
  });

  it('keeps millimetres for metric users and leaves an open end null', () => {
    const result = buildCustomCof(form({ attribute: 'diameter', min: '300', max: '' }), base, 'mm');
    expect(result).toMatchObject({ cof: { rule: { min: 300, max: null } } });
  });

  it('shows a stored mm range back in the user unit', () => {
    const cof: CustomCof = {
      ...base,
      name: 'x',
      amount: 1,
      rule: { kind: 'attribute', attribute: 'diameter', min: 152.4, max: null },
    };
    expect(formFromCustomCof(cof, 'in')).toMatchObject({ attribute: 'diameter', min: '6', max: '' });
    expect(formFromCustomCof(cof, 'mm')).toMatchObject({ min: '152.4' });
  });

  it('builds material, road type, install year and layer rules', () => {
    expect(buildCustomCof(form({ attribute: 'material', materials: [0, 3] }), base, 'mm')).toMatchObject({
      cof: { rule: { kind: 'attribute', attribute: 'material', values: [0, 3] } },
    });
    expect(
      buildCustomCof(form({ attribute: 'road_type', roadTypes: ['arterial'] }), base, 'mm'),
    ).toMatchObject({
      cof: { rule: { attribute: 'road_type', values: ['arterial'] } },
    });
    expect(buildCustomCof(form({ attribute: 'install_year', max: '1960' }), base, 'mm')).toMatchObject({
      cof: { rule: { attribute: 'install_year', min: null, max: 1960 } },
    });
    expect(buildCustomCof(form({ kind: 'layer', layer: 'mesh', areaIds: [8, 9] }), base, 'mm')).toMatchObject(
      {
        cof: { rule: { kind: 'layer', layer: 'mesh', areaIds: [8, 9] } },
      },
    );
  });

  it('names what is wrong with each field', () => {
    expect(buildCustomCof(form({ name: ' ', amount: '-3', attribute: 'material' }), base, 'mm')).toEqual({
      errors: { name: 'required', amount: 'negative', values: 'chooseValues' },
    });
    expect(buildCustomCof(form({ attribute: 'diameter' }), base, 'in')).toEqual({
      errors: { min: 'rangeEmpty' },
    });
    expect(buildCustomCof(form({ attribute: 'diameter', min: '12', max: '6' }), base, 'in')).toEqual({
      errors: { max: 'rangeOrder' },
    });
    expect(buildCustomCof(form({ attribute: 'install_year', min: '1750' }), base, 'mm')).toEqual({
      errors: { min: 'year' },
    });
    expect(buildCustomCof(form({ kind: 'layer' }), base, 'mm')).toEqual({ errors: { areas: 'chooseAreas' } });
  });

  it('gives a new custom COF the next free id', () => {
    expect(nextCustomCofId([])).toBe(1);
    const cof = (id: number): CustomCof => ({
      id,
      enabled: true,
      name: 'a',
      amount: 1,
      rule: { kind: 'layer', layer: 'mesh', areaIds: [1] },
    });
    expect(nextCustomCofId([cof(2), cof(7)])).toBe(8);
  });
});
