import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields.ts';

describe('changedFields', () => {
  const initial = { fullName: 'Ada', phone: '555-123-4567', zipCode: '', country: 'US' };

  it('keeps only the fields that differ', () => {
    expect(changedFields(initial, { ...initial, zipCode: '12345' })).toEqual({ zipCode: '12345' });
  });

  it('ignores surrounding spaces and sends an emptied optional field as null', () => {
    const current = { ...initial, fullName: ' Ada ', phone: '' };
    expect(changedFields(initial, current, ['phone', 'zipCode'])).toEqual({ phone: null });
  });

  it('is empty when nothing changed', () => {
    expect(changedFields(initial, { ...initial })).toEqual({});
  });
});
