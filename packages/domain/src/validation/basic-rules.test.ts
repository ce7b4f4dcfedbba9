import { describe, expect, it } from 'vitest';
import {
  alpha,
  between,
  email,
  max,
  maxValue,
  min,
  minValue,
  minValueLabel,
  regex,
  required,
} from './basic-rules.ts';

describe('required', () => {
  it('fails empty values and passes anything else', () => {
    const check = required();
    expect(check.test('')).toBe(false);
    expect(check.test('  ')).toBe(false);
    expect(check.test(null)).toBe(false);
    expect(check.test([])).toBe(false);
    expect(check.test('x')).toBe(true);
    expect(check.test(0)).toBe(true);
    expect(check.params).toEqual({});
  });
});

describe('min / max (length)', () => {
  it('measures characters, not bytes', () => {
    expect(min(3).test('abc')).toBe(true);
    expect(min(3).test('ab')).toBe(false);
    expect(min(2).test('日本')).toBe(true);
    expect(max(3).test('abcd')).toBe(false);
    expect(max(3).test('abc')).toBe(true);
    expect(max(2).test([1, 2, 3])).toBe(false);
  });
  it('carries its bound', () => {
    expect(min(3).params).toEqual({ min: 3 });
    expect(max(9).params).toEqual({ max: 9 });
  });
  it('fails values without a length', () => {
    expect(max(3).test({})).toBe(false);
  });
});

describe('between / min_value / max_value', () => {
  it('includes both ends', () => {
    const check = between(0, 999);
    expect(check.test('0')).toBe(true);
    expect(check.test(999)).toBe(true);
    expect(check.test('999.01')).toBe(false);
    expect(check.test(-1)).toBe(false);
    expect(check.test('abc')).toBe(false);
    expect(check.params).toEqual({ min: 0, max: 999 });
  });
  it('compares numbers, not text', () => {
    expect(minValue(1800).test('1800')).toBe(true);
    expect(minValue(1800).test('900')).toBe(false);
    expect(maxValue(10).test('9')).toBe(true);
    expect(maxValue(10).test('10.5')).toBe(false);
    expect(maxValue(10).test('x')).toBe(false);
  });
  it('min_value_label carries a label', () => {
    const check = minValueLabel(5, 'low value');
    expect(check.test(5)).toBe(true);
    expect(check.test(4.9)).toBe(false);
    expect(check.params).toEqual({ min: 5, label: 'low value' });
  });
});

describe('alpha', () => {
  it('accepts letters of any script only', () => {
    expect(alpha().test('Müller')).toBe(true);
    expect(alpha().test('やまだ')).toBe(true);
    expect(alpha().test('abc1')).toBe(false);
    expect(alpha().test('a b')).toBe(false);
  });
});

describe('email', () => {
  it.each(['a@b.co', ' user.name+tag@example.org '])('accepts %s', (value) => {
    expect(email().test(value)).toBe(true);
  });
  it.each(['a@b', 'no-at.example.com', 'a@@b.com', 42])('refuses %s', (value) => {
    expect(email().test(value)).toBe(false);
  });
});

describe('regex', () => {
  it('tests the pattern and carries its source', () => {
    const check = regex(/^P-\d+$/);
    expect(check.test('P-12')).toBe(true);
    expect(check.test('Q-12')).toBe(false);
    expect(check.params).toEqual({ pattern: '^P-\\d+$' });
  });
  it('gives the same answer on repeated calls with a global pattern', () => {
    const check = regex(/a/g);
    expect([check.test('a'), check.test('a'), check.test('a')]).toEqual([true, true, true]);
  });
});
