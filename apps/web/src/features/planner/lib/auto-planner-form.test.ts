import { describe, expect, it } from 'vitest';
import { autoPlannerDefaults, autoPlannerSchema, toGenerateInput } from './auto-planner-form.ts';
import { roundedMetres } from './units.ts';

const AREA = 'POLYGON((0 0, 1 0, 1 1, 0 1, 0 0))';

describe('auto planner form', () => {
  it('PLAN-AUTO-02/04: 500–1000 ft or 150–300 m, LOF, the drawn area when there is one, booked pipes left out', () => {
    expect(autoPlannerDefaults({ hasLof: true, hasBre: true, area: null, unit: 'ft' })).toMatchObject({
      minLength: '500',
      maxLength: '1000',
      riskCriteria: 'lof',
      wholeSnapshot: true,
      includeBooked: false,
    });
    // Issue 36: the same size in metres (152–305 m), not 500–1000 m.
    expect(autoPlannerDefaults({ hasLof: true, hasBre: true, area: null, unit: 'm' })).toMatchObject({
      minLength: '150',
      maxLength: '300',
    });
    expect(autoPlannerDefaults({ hasLof: true, hasBre: true, area: AREA, unit: 'ft' }).wholeSnapshot).toBe(
      false,
    );
    // A client with the BRE figures but no LOF subscription starts on BRE.
    expect(autoPlannerDefaults({ hasLof: false, hasBre: true, area: null, unit: 'ft' }).riskCriteria).toBe(
      'bre',
    );
  });

  it('sends lengths in metres: 500/1000 ft are 152.4/304.8 m; metric users send what they typed', () => {
    const values = {
      ...autoPlannerDefaults({ hasLof: true, hasBre: false, area: null, unit: 'ft' }),
      budget: '250000',
    };
    expect(toGenerateInput(values, 7, 'ft', null)).toEqual({
      datasetId: 7,
      budget: 250000,
      minLengthM: 152.4,
      maxLengthM: 304.8,
      riskCriteria: 'lof',
      wholeSnapshot: true,
      area: null,
      includeBooked: false,
    });
    expect(toGenerateInput(values, 7, 'm', null)).toMatchObject({ minLengthM: 500, maxLengthM: 1000 });
    expect(toGenerateInput({ ...values, includeBooked: true }, 7, 'm', null).includeBooked).toBe(true);
    expect(roundedMetres(1, 'ft')).toBe(0.3);
  });

  it('sends the area only when planning it, and a name only when given', () => {
    const values = {
      ...autoPlannerDefaults({ hasLof: true, hasBre: true, area: AREA, unit: 'ft' }),
      budget: '1000',
      name: ' North ',
    };
    expect(toGenerateInput(values, 7, 'm', AREA)).toMatchObject({
      name: 'North',
      wholeSnapshot: false,
      area: AREA,
    });
    expect(toGenerateInput({ ...values, wholeSnapshot: true }, 7, 'm', AREA).area).toBeNull();
  });

  it('refuses a budget ≤ 0, max below min, BRE without its subscriptions, and an area that is not drawn', () => {
    const schema = autoPlannerSchema({ hasLof: true, hasBre: false, area: null, unit: 'ft' });
    const base = {
      ...autoPlannerDefaults({ hasLof: true, hasBre: false, area: null, unit: 'ft' }),
      budget: '100',
    };
    expect(schema.safeParse(base).success).toBe(true);
    const messages = (v: object) =>
      schema.safeParse({ ...base, ...v }).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(messages({ budget: '0' })).toEqual(['budget:planner:validation.positive']);
    expect(messages({ budget: 'abc' })).toEqual(['budget:validations.numeric']);
    expect(messages({ minLength: '800', maxLength: '600' })).toEqual(['maxLength:validations.min_value']);
    expect(messages({ riskCriteria: 'bre' })).toEqual(['riskCriteria:planner:validation.breNeeded']);
    const noLof = autoPlannerSchema({ hasLof: false, hasBre: true, area: null, unit: 'ft' });
    expect(noLof.safeParse(base).error?.issues.map((i) => i.message)).toEqual([
      'planner:validation.lofNeeded',
    ]);
    expect(messages({ wholeSnapshot: false })).toEqual(['wholeSnapshot:planner:validation.areaNeeded']);
  });
});
