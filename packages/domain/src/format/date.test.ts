import { describe, expect, it } from 'vitest';
import { formatDate, toIsoDate } from './date.ts';

const instant = new Date('2026-01-01T23:30:00Z');

describe('formatDate', () => {
  it('defaults to UTC', () => {
    expect(formatDate(instant, 'en')).toBe('Jan 1, 2026');
    expect(formatDate(instant, 'en', { timeZone: 'Asia/Tokyo' })).toBe('Jan 2, 2026');
  });
  it('adds the time when asked', () => {
    expect(formatDate(instant, 'en', { withTime: true })).toBe('Jan 1, 2026, 11:30 PM');
  });
  it('writes full-width digits in Japanese', () => {
    expect(formatDate(instant, 'ja')).toBe('２０２６/０１/０１');
  });
  it("shows 'NA' for bad dates or zones", () => {
    expect(formatDate('nope', 'en')).toBe('NA');
    expect(formatDate(null, 'en')).toBe('NA');
    expect(formatDate(instant, 'en', { timeZone: 'Mars/Base' })).toBe('NA');
  });
});

describe('toIsoDate', () => {
  it('gives YYYY-MM-DD in the zone', () => {
    expect(toIsoDate(instant)).toBe('2026-01-01');
    expect(toIsoDate(instant, 'Asia/Tokyo')).toBe('2026-01-02');
    expect(toIsoDate('garbage')).toBeUndefined();
  });
});
