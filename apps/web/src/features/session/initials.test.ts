import { describe, expect, it } from 'vitest';
import { initials } from './initials.ts';

describe('initials', () => {
  it('takes first and last word', () => {
    expect(initials('Alex Admin')).toBe('AA');
    expect(initials('maría josé de la cruz')).toBe('MC');
  });
  it('handles one word, CJK names and empty names', () => {
    expect(initials('Madonna')).toBe('MA');
    expect(initials('山田太郎')).toBe('山');
    expect(initials('山田 太郎')).toBe('山');
    expect(initials('  ', 'zoe@example.com')).toBe('Z');
  });
});
