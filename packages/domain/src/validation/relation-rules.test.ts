import { describe, expect, it } from 'vitest';
import { after, isAfter, overlap, rangesOverlap, toTime } from './relation-rules.ts';

describe('after', () => {
  it('needs a date strictly after the start', () => {
    const check = after('2026-01-10', 'start date');
    expect(check.test('2026-01-11')).toBe(true);
    expect(check.test('2026-01-10')).toBe(false);
    expect(check.test('2026-01-09')).toBe(false);
    expect(check.test(new Date('2026-02-01T00:00:00Z'))).toBe(true);
    expect(check.test('not a date')).toBe(false);
    expect(check.params).toEqual({ other: 'start date' });
  });
  it('reads date-only strings as UTC days', () => {
    expect(toTime('2026-01-10')).toBe(Date.UTC(2026, 0, 10));
    expect(toTime(42)).toBeNaN();
  });
  it('fails when the start is unreadable', () => {
    expect(isAfter('2026-01-10', '')).toBe(false);
  });
});

describe('overlap', () => {
  it('detects shared stretches only', () => {
    expect(rangesOverlap({ low: 0, high: 10 }, { low: 5, high: 15 })).toBe(true);
    expect(rangesOverlap({ low: 0, high: 10 }, { low: 10, high: 20 })).toBe(false);
    expect(rangesOverlap({ low: 0, high: 10 }, { low: 2, high: 3 })).toBe(true);
    expect(rangesOverlap({ low: 10, high: 0 }, { low: 5, high: 6 })).toBe(true);
    expect(rangesOverlap({ low: 0, high: 1 }, { low: 2, high: 3 })).toBe(false);
  });
  it('as a rule, refuses an overlapping range and non-ranges', () => {
    const check = overlap({ low: 100, high: 200 }, 'tier 2');
    expect(check.test({ low: 0, high: 100 })).toBe(true);
    expect(check.test({ low: 150, high: 300 })).toBe(false);
    expect(check.test({ low: 'a', high: 3 })).toBe(false);
    expect(check.params).toEqual({ other: 'tier 2' });
  });
});
