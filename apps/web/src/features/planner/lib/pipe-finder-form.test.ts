import { describe, expect, it } from 'vitest';
import { pipeFinderDefaults, pipeFinderSchema, toFindInput } from './pipe-finder-form.ts';

const HELD = { hasLof: true, hasBre: true };

describe('pipe finder form', () => {
  it('PLAN-FIND-01: percentages go as typed; a length in feet goes in metres', () => {
    const values = pipeFinderDefaults(null, HELD);
    expect(toFindInput(values, 'ft', null)).toEqual({
      coverageType: 'length_percent',
      coverageAmount: 10,
      riskCriteria: 'lof',
      wholeSnapshot: true,
      multipolygon: null,
      includeBooked: false,
    });
    // Issue 36: pipes of active projects only when asked.
    expect(toFindInput({ ...values, includeBooked: true }, 'ft', null).includeBooked).toBe(true);
    expect(
      toFindInput({ ...values, coverageType: 'length', amount: '1000' }, 'ft', null).coverageAmount,
    ).toBe(304.8);
    const area = 'POLYGON((0 0, 1 0, 1 1, 0 0))';
    expect(toFindInput({ ...values, wholeSnapshot: false }, 'm', area).multipolygon).toBe(area);
  });

  it('keeps percentages at 100 or less', () => {
    const schema = pipeFinderSchema({ ...HELD, area: null });
    expect(schema.safeParse({ ...pipeFinderDefaults(null, HELD), amount: '120' }).success).toBe(false);
    expect(
      schema.safeParse({ ...pipeFinderDefaults(null, HELD), amount: '120', coverageType: 'length' }).success,
    ).toBe(true);
  });
});
