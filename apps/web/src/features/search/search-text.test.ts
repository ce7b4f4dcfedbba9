import { describe, expect, it } from 'vitest';
import { isPurelyId, segmentIdOf, wantsAddressSuggestions } from './search-text.ts';

describe('search text', () => {
  it('tells ids from addresses', () => {
    expect(isPurelyId('P-1042')).toBe(true);
    expect(isPurelyId('77')).toBe(true);
    expect(isPurelyId('12 Elm Street')).toBe(false);
    expect(isPurelyId('Broadway')).toBe(false);
    expect(isPurelyId('  ')).toBe(false);
  });

  it('reads a numbered street as an address, not an id (issue 38)', () => {
    for (const street of ['8th', '21st', '2nd', '3RD', ' 10th ']) expect(isPurelyId(street)).toBe(false);
    expect(isPurelyId('8th-1')).toBe(true);
    expect(wantsAddressSuggestions('8th')).toBe(true);
    expect(wantsAddressSuggestions('100 8th')).toBe(true);
    expect(wantsAddressSuggestions('8th Ave')).toBe(true);
  });

  it('reads segment ids as whole numbers only', () => {
    expect(segmentIdOf(' 77 ')).toBe(77);
    expect(segmentIdOf('7.5')).toBeNull();
    expect(segmentIdOf('S-7')).toBeNull();
  });

  it('suggests addresses from three characters of non-id text', () => {
    expect(wantsAddressSuggestions('Ma')).toBe(false);
    expect(wantsAddressSuggestions('Mai')).toBe(true);
    expect(wantsAddressSuggestions('P-10')).toBe(false);
  });
});
