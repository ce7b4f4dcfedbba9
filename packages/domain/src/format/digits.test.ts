import { describe, expect, it } from 'vitest';
import { localizeDigits, toFullWidthDigits, usesFullWidthDigits } from './digits.ts';

describe('toFullWidthDigits', () => {
  it('turns ASCII digits full-width and leaves the rest', () => {
    expect(toFullWidthDigits('0123456789')).toBe('０１２３４５６７８９');
    expect(toFullWidthDigits('2030年 1,234.5 m')).toBe('２０３０年 １,２３４.５ m');
    expect(toFullWidthDigits('')).toBe('');
  });
});

describe('localizeDigits', () => {
  it('applies to Japanese and Chinese only', () => {
    expect(usesFullWidthDigits('ja')).toBe(true);
    expect(usesFullWidthDigits('ja-JP')).toBe(true);
    expect(usesFullWidthDigits('zh-CN')).toBe(true);
    expect(usesFullWidthDigits('en')).toBe(false);
    expect(usesFullWidthDigits('jav')).toBe(false);
    expect(usesFullWidthDigits(null)).toBe(false);
    expect(localizeDigits('12', 'ja')).toBe('１２');
    expect(localizeDigits('12', 'de')).toBe('12');
  });
});
