import { describe, expect, it } from 'vitest';
import { image, size, type FileLike } from './file-rules.ts';

const file = (name: string, type: string, bytes = 10): FileLike => ({ name, type, size: bytes });

describe('image', () => {
  it('accepts image MIME types, or image extensions when no type is given', () => {
    expect(image().test(file('a.png', 'image/png'))).toBe(true);
    expect(image().test(file('a.JPG', ''))).toBe(true);
    expect(image().test([file('a.png', 'image/png'), file('b.webp', 'image/webp')])).toBe(true);
  });
  it('refuses other files and non-files', () => {
    expect(image().test(file('a.pdf', 'application/pdf'))).toBe(false);
    expect(image().test(file('a.txt', ''))).toBe(false);
    expect(image().test([file('a.png', 'image/png'), file('b.csv', 'text/csv')])).toBe(false);
    expect(image().test('a.png')).toBe(false);
  });
});

describe('size', () => {
  it('limits every file to N kilobytes', () => {
    expect(size(1).test(file('a', 'x', 1024))).toBe(true);
    expect(size(1).test(file('a', 'x', 1025))).toBe(false);
    expect(size(1).test([file('a', 'x', 10), file('b', 'x', 2048)])).toBe(false);
    expect(size(1).test(5)).toBe(false);
    expect(size(500).params).toEqual({ size: 500 });
  });
});
