import { describe, expect, it } from 'vitest';
import { csvFileName, tableCsv } from './csv.ts';

describe('tableCsv', () => {
  it('writes the header row, then the cells, quoting what RFC 4180 requires', () => {
    const csv = tableCsv({
      caption: 'Breaks',
      columns: [{ label: 'Material' }, { label: 'Length (mi)', numeric: true }],
      rows: [
        ['Cast iron', '1,234.5'],
        ['Says "old"', '2'],
      ],
    });
    expect(csv).toBe('\uFEFFMaterial,Length (mi)\r\nCast iron,"1,234.5"\r\n"Says ""old""",2\r\n');
  });
});

describe('csvFileName', () => {
  it('keeps letters of any script and joins the rest with dashes', () => {
    expect(csvFileName('Springfield mains', 'Network length by material')).toBe(
      'Springfield-mains-Network-length-by-material.csv',
    );
    expect(csvFileName('デモ水道局', '管種別の管路延長')).toBe('デモ水道局-管種別の管路延長.csv');
    expect(csvFileName('///')).toBe('report.csv');
  });
});
