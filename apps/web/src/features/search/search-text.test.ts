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
