import { describe, expect, it } from 'vitest';
import { JP_EXCEPTION_CLIENT_ID } from '../constants/index.ts';
import { hidesJapanItems, isJapanClient } from './japan.ts';

describe('isJapanClient', () => {
  it('matches JP in any case', () => {
    expect(isJapanClient('JP')).toBe(true);
    expect(isJapanClient('jp')).toBe(true);
    expect(isJapanClient('US')).toBe(false);
    expect(isJapanClient(null)).toBe(false);
    expect(isJapanClient(undefined)).toBe(false);
  });
});

describe('hidesJapanItems', () => {
  it('hides for Japan clients except client 47', () => {
    expect(hidesJapanItems({ clientId: 12, country: 'JP' })).toBe(true);
    expect(hidesJapanItems({ clientId: JP_EXCEPTION_CLIENT_ID, country: 'JP' })).toBe(false);
    expect(hidesJapanItems({ clientId: 47, country: 'JP' })).toBe(false);
    expect(hidesJapanItems({ clientId: 12, country: 'US' })).toBe(false);
    expect(hidesJapanItems({ clientId: null, country: 'JP' })).toBe(true);
  });
});
