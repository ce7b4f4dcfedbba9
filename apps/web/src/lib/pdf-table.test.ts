import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { drawTable, fitted, textWidth } from './pdf-table.ts';

const table = {
  headers: ['Pipe', 'Length', 'A very long column heading that cannot fit'],
  rows: Array.from({ length: 100 }, (_, i) => [`WM-${i}`, '152 m', '$1,200']),
};

describe('PDF table', () => {
  it('breaks across pages with the header repeated on each, and answers the baseline after the last row', () => {
    const doc = new jsPDF({ unit: 'mm', format: 'a4' });
    let pages = 1;
    const end = drawTable(doc, table, 40, {
      x: 12,
      width: 186,
      fontSize: 8,
      rowMm: 5,
      bottom: 270,
      newPage: () => {
        doc.addPage('a4', 'portrait');
        pages++;
        return 20;
      },
    });
    expect(doc.getNumberOfPages()).toBe(pages);
    // Baselines 45…270 hold 46 rows on the first page, 25…270 hold 50 on the next, 4 are left for the last.
    expect(pages).toBe(3);
    expect(end).toBeCloseTo(20 + 5 + 4 * 5, 5);
    const text = doc.output();
    expect(text.match(/\(Pipe\) Tj/g)).toHaveLength(3);
    for (const id of ['WM-0', 'WM-45', 'WM-46', 'WM-99']) expect(text).toContain(`(${id}) Tj`);
    expect(text).toContain('(A very long column heading that cannot fit) Tj');
  });

  it('cuts a heading to its column with an ellipsis when the table is wider than the page', () => {
    const doc = new jsPDF({ unit: 'mm', format: 'a4' });
    const layout = { x: 12, width: 70, fontSize: 8, rowMm: 5, bottom: 270, newPage: () => 20 };
    drawTable(doc, table, 40, layout);
    const text = doc.output();
    expect(text).toMatch(/\(A very long[^)]*\.\.\.\) Tj/);
    expect(text).toContain('(Pipe) Tj');
  });

  it('counts characters drawn as images one em each, and cuts text to its room', () => {
    const doc = new jsPDF({ unit: 'mm', format: 'a4' });
    doc.setFontSize(10);
    expect(textWidth(doc, '配水管')).toBeCloseTo(3 * 10 * 0.3528, 5);
    expect(textWidth(doc, 'abc')).toBeCloseTo(doc.getTextWidth('abc'), 5);
    const cut = fitted(doc, 'Renewal of the whole north district', 20);
    expect(cut.endsWith('...')).toBe(true);
    expect(textWidth(doc, cut)).toBeLessThanOrEqual(20);
    expect(fitted(doc, 'Short', 20)).toBe('Short');
  });
});
