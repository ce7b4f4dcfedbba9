import { localizeDigits } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { tableWidthPx, textWidthPx } from './text-width.ts';

describe('textWidthPx', () => {
  it('gives full-width digits and kana a whole em, Latin digits 0.6 em and separators 0.3 em', () => {
    expect(textWidthPx('１２', 10)).toBe(20);
    expect(textWidthPx('割合', 10)).toBe(20);
    expect(textWidthPx('12', 10)).toBe(12);
    expect(textWidthPx('1,2', 10)).toBe(15);
  });
});

describe('tableWidthPx', () => {
  const table = (language: string) => ({
    columns: [
      { label: language === 'ja' ? '最大値に対する割合' : 'Share of the maximum' },
      { label: language === 'ja' ? '下限（USD）' : 'From (USD)', numeric: true },
      { label: language === 'ja' ? '管路数' : 'Pipes', numeric: true },
    ],
    rows: [['10%', '$969.72', '11,080']].map((row) => row.map((cell) => localizeDigits(cell, language))),
  });

  it('sizes each column by its widest cell or its header’s longest word, plus the cell padding', () => {
    // The header's longest word decides the first column, the cells the two others.
    const en = tableWidthPx(table('en'));
    expect(en).toBe(
      Math.ceil(textWidthPx('maximum', 14)) +
        Math.ceil(textWidthPx('$969.72', 14)) +
        Math.ceil(textWidthPx('11,080', 14)) +
        3 * 32,
    );
  });

  it('needs more room in Japanese: a header without spaces stays whole, and digits are full-width', () => {
    expect(tableWidthPx(table('ja'))).toBeGreaterThan(tableWidthPx(table('en')) + 100);
  });

  it('lets text cells wrap between words but never figures', () => {
    const materials = {
      columns: [{ label: 'Material' }, { label: 'Pipes', numeric: true }],
      rows: [['Prestressed concrete (PCRC)', '36']],
    };
    expect(tableWidthPx(materials)).toBe(
      Math.ceil(textWidthPx('Prestressed', 14)) + Math.ceil(textWidthPx('Pipes', 14)) + 2 * 32,
    );
    const ids = { columns: [{ label: 'Pipe', nowrap: true }], rows: [['WM 000001 A']] };
    expect(tableWidthPx(ids)).toBe(Math.ceil(textWidthPx('WM 000001 A', 14)) + 32);
  });
});
