import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { labels } from './labels.ts';

const en = (unitSystem: 'metric' | 'imperial') => labels({ t: i18n.t, language: 'en', unitSystem });

describe('labels', () => {
  it('labels diameter tiers d1–d6 with their 001 §9 band in inches or whole millimetres', () => {
    const tiers = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'];
    expect(tiers.map(en('imperial').diameterTier)).toEqual([
      '< 4 in',
      '4 – 8 in',
      '8 – 16 in',
      '16 – 24 in',
      '24 – 30 in',
      '≥ 30 in',
    ]);
    expect(en('metric').diameterTier('d1')).toBe('< 102 mm');
    expect(en('metric').diameterTier('d6')).toBe('≥ 762 mm');
  });

  it('names materials as the map legend does, and an unknown group as unknown', () => {
    expect(en('metric').material('2')).toBe('Ductile iron');
    expect(en('metric').material(null)).toBe('Unknown');
    expect(en('metric').materialCode(10)).toBe('Prestressed concrete (PCRC)');
  });

  it('names levels 1–5 low … very high (001 §9)', () => {
    expect([1, 2, 3, 4, 5].map(en('metric').level)).toEqual([
      'Low',
      'Medium low',
      'Medium high',
      'High',
      'Very high',
    ]);
  });

  it('names the 8 LOF classes by their bounds', () => {
    const lof = en('metric');
    expect(lof.lofClass(0)).toBe('< 1%');
    expect(lof.lofClass(3)).toBe('5% – 10%');
    expect(lof.lofClass(7)).toBe('≥ 25%');
  });

  it('writes years without grouping and decades as words', () => {
    expect(en('metric').year('1965')).toBe('1965');
    expect(en('metric').decade('1960')).toBe('1960s');
  });
});
