// CSV fields of the e-mail exports: RFC 4180 quoting, and no formula a spreadsheet would run.
import { describe, expect, it } from 'vitest';
import { csvField, csvLine, pipeColumns } from './export-csv.ts';

describe('csvField', () => {
  it('quotes commas, quotes and line breaks, and leaves plain values alone', () => {
    expect(csvField('Elm St, "North"')).toBe('"Elm St, ""North"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('Main St')).toBe('Main St');
    expect(csvField(-1.5)).toBe('-1.5');
    expect(csvField(null)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('defuses text a spreadsheet would take for a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@A1')).toBe("'@A1");
  });

  it('ends lines with CRLF', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });
});

describe('pipeColumns', () => {
  const names = (g: Parameters<typeof pipeColumns>[0]) => pipeColumns(g).map((c) => c.name);
  const none = { lof: false, rul: false, population: false, cof: false, bre: 'none', vis: false } as const;
  it('opens each figure with its subscription only', () => {
    expect(names(none)).toHaveLength(10);
    expect(names({ ...none, lof: true })).toEqual(expect.arrayContaining(['lof_12', 'lof_60', 'rank_12']));
    expect(names({ ...none, cof: true, bre: 'restricted' }).slice(10)).toEqual(['cof_total']);
    expect(names({ ...none, cof: true, bre: 'open' }).slice(10)).toEqual(['cof_total', 'bre']);
  });
});
