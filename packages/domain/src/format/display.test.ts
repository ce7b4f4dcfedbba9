import { describe, expect, it } from 'vitest';
import { formatLof, formatRul } from './display.ts';

describe('formatRul', () => {
  it('is n/a below 0 or when empty', () => {
    expect(formatRul(-1)).toEqual({ kind: 'na' });
    expect(formatRul(-0.1)).toEqual({ kind: 'na' });
    expect(formatRul(null)).toEqual({ kind: 'na' });
    expect(formatRul(undefined)).toEqual({ kind: 'na' });
    expect(formatRul(Number.NaN)).toEqual({ kind: 'na' });
  });
  it('is 100+ from 100 years', () => {
    expect(formatRul(100)).toEqual({ kind: 'over100' });
    expect(formatRul(250)).toEqual({ kind: 'over100' });
    expect(formatRul(Number.POSITIVE_INFINITY)).toEqual({ kind: 'over100' });
  });
  it('gives the years otherwise', () => {
    expect(formatRul(0)).toEqual({ kind: 'years', value: 0 });
    expect(formatRul(99.9)).toEqual({ kind: 'years', value: 99.9 });
  });
});

describe('formatLof', () => {
  it('is n/a for -1 or empty', () => {
    expect(formatLof(-1)).toEqual({ kind: 'na' });
    expect(formatLof(null)).toEqual({ kind: 'na' });
    expect(formatLof(undefined)).toEqual({ kind: 'na' });
    expect(formatLof(Number.NaN)).toEqual({ kind: 'na' });
  });
  it('gives the value otherwise', () => {
    expect(formatLof(0)).toEqual({ kind: 'value', value: 0 });
    expect(formatLof(0.42)).toEqual({ kind: 'value', value: 0.42 });
  });
});
