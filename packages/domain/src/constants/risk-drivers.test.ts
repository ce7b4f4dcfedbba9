import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './locale.ts';
import { COLUMN_DRIVER_BASE, RISK_DRIVERS, RISK_DRIVER_CODES, riskDriverName } from './risk-drivers.ts';

describe('risk driver names', () => {
  it('names codes 1–28 in all six languages, distinctly', () => {
    expect(RISK_DRIVER_CODES).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    for (const language of LANGUAGES) {
      const names = RISK_DRIVER_CODES.map((c) => riskDriverName(c, language));
      for (const name of names) expect(name?.trim()).toBeTruthy();
      expect(new Set(names).size).toBe(28);
    }
    expect(Object.keys(RISK_DRIVERS[2]!).sort()).toEqual([...LANGUAGES].sort());
  });

  it('falls back to English for an unknown language and to undefined for an unknown code', () => {
    expect(riskDriverName(1, 'xx' as never)).toBe('Pipe age');
    expect(riskDriverName(0)).toBeUndefined();
  });

  it('names a risk factor chosen at import by its column, in every language (issue 14)', () => {
    const columns = { [COLUMN_DRIVER_BASE]: 'SHALLOW_MAIN', [COLUMN_DRIVER_BASE + 1]: 'soil' };
    // Issue 38: by its words, never as a key; a column naming a known factor by that factor, in the language.
    expect(riskDriverName(COLUMN_DRIVER_BASE, 'ja', columns)).toBe('Shallow main');
    expect(riskDriverName(COLUMN_DRIVER_BASE + 1, 'de', columns)).toBe('Bodenart');
    // A code the analysis does not name (an older card) still reads as a category attribute, never as nothing.
    expect(riskDriverName(COLUMN_DRIVER_BASE + 7, 'fr', columns)).toBe(RISK_DRIVERS[28]!.fr);
    expect(riskDriverName(COLUMN_DRIVER_BASE)).toBe(RISK_DRIVERS[28]!.en);
    expect(riskDriverName(15, 'en', columns)).toBe(RISK_DRIVERS[15]!.en);
  });
});
