import { describe, expect, it } from 'vitest';
import { isValidPassword, password, phone, zipCode } from './format-rules.ts';

describe('phone', () => {
  it.each([
    '+1 555-123-4567',
    '555.123.4567',
    '555-123-4567',
    '555 123 4567',
    '5551234567',
    '+15551234567',
    '(555) 123-4567',
  ])('accepts %s', (value) => expect(phone().test(value)).toBe(true));
  it.each([
    '555-1234-567',
    '55-123-4567',
    '555-123-456',
    '555_123_4567',
    '++1 555 123 4567',
    'phone',
    '+1 555-123-45678',
  ])('refuses %s', (value) => expect(phone().test(value)).toBe(false));
});

describe('password', () => {
  it('accepts 8+ characters with a letter and a digit', () => {
    expect(password().test('abcdefg1')).toBe(true);
    expect(isValidPassword('ÄbcdefG1')).toBe(true);
  });
  it.each(['abcdefgh', '12345678', 'abc1', 'abcdef1'])('refuses %s', (value) => {
    expect(password().test(value)).toBe(false);
  });
  it('carries the minimum length', () => {
    expect(password().params).toEqual({ min: 8 });
  });
});

describe('zip_code', () => {
  it('Japan: ddd-dddd', () => {
    expect(zipCode('JP').test('123-4567')).toBe(true);
    expect(zipCode('jp').test('123-4567')).toBe(true);
    expect(zipCode('JP').test('1234567')).toBe(false);
    expect(zipCode('JP').test('12345')).toBe(false);
  });
  it('elsewhere: ddddd with optional -dddd', () => {
    for (const country of ['US', 'DE', undefined]) {
      expect(zipCode(country).test('12345')).toBe(true);
      expect(zipCode(country).test('12345-6789')).toBe(true);
      expect(zipCode(country).test('123-4567')).toBe(false);
      expect(zipCode(country).test('1234')).toBe(false);
      expect(zipCode(country).test('12345-67')).toBe(false);
    }
  });
  it('carries the country', () => {
    expect(zipCode('JP').params).toEqual({ country: 'JP' });
    expect(zipCode(null).params).toEqual({ country: '' });
  });
});
