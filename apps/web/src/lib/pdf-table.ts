// A table in a jsPDF document, broken across pages with its header repeated: the project PDF and the programme's
// council report draw their tables with it. jsPDF has no table of its own, and jspdf-autotable writes its cells in
// jsPDF's Latin-1 fonts, past drawText's rasterising of Japanese, so this small loop is ours.
import type { jsPDF } from 'jspdf';
import { drawText, toLatin1 } from './pdf-text.ts';

const PT_MM = 0.3528;
const isLatin1 = (c: string) => c.charCodeAt(0) <= 0xff;

/** Width in mm at the current font size; characters drawn as an image count one em each. */
export function textWidth(doc: jsPDF, raw: string): number {
  const text = toLatin1(raw);
  const latin = [...text].filter(isLatin1).join('');
  const other = [...text].length - latin.length;
  return (latin ? doc.getTextWidth(latin) : 0) + other * doc.getFontSize() * PT_MM;
}

/** The text cut with an ellipsis to fit `room` mm at the current font size. */
export function fitted(doc: jsPDF, text: string, room: number): string {
  if (textWidth(doc, text) <= room) return text;
  let cut = text;
  while (cut.length > 1 && textWidth(doc, `${cut}...`) > room) cut = cut.slice(0, -1);
  return `${cut}...`;
}

export interface PdfTable {
  headers: readonly string[];
  rows: readonly (readonly string[])[];
}

export interface TableLayout {
  /** Left edge and full width, mm. */
  x: number;
  width: number;
  fontSize: number;
  rowMm: number;
  /** The lowest baseline a row may take before the table moves to a new page. */
  bottom: number;
  /** Adds a page and answers the baseline the table goes on from there. */
  newPage: () => number;
  /** Rows measured for the column widths (the first n): a 5,000-row table need not measure every cell. */
  measureRows?: number;
  padMm?: number;
}

/** Column widths from the text each column holds, scaled to fill the width. */
export function columnWidths(doc: jsPDF, table: PdfTable, layout: TableLayout): number[] {
  doc.setFontSize(layout.fontSize);
  const rows = table.rows.slice(0, layout.measureRows ?? table.rows.length);
  const pad = layout.padMm ?? 2.5;
  const natural = table.headers.map(
    (h, c) => Math.max(textWidth(doc, h), ...rows.map((r) => textWidth(doc, r[c] ?? ''))) + pad,
  );
  const sum = natural.reduce((a, b) => a + b, 0);
  return natural.map((w) => (w / sum) * layout.width);
}

/** Draws the table from baseline `y` (header first, repeated on each new page); answers the baseline after it. */
export function drawTable(doc: jsPDF, table: PdfTable, y: number, layout: TableLayout): number {
  const widths = columnWidths(doc, table, layout);
  const { x: left, width, fontSize, rowMm } = layout;
  const header = () => {
    doc.setFillColor(235, 239, 245);
    doc.rect(left, y - 3.8, width, rowMm, 'F');
    let x = left;
    doc.setFontSize(fontSize);
    table.headers.forEach((h, c) => {
      drawText(doc, fitted(doc, h, widths[c]! - 1.5), x + 1, y, fontSize, true);
      x += widths[c]!;
    });
    y += rowMm;
  };
  header();
  for (const row of table.rows) {
    if (y > layout.bottom) {
      y = layout.newPage();
      header();
    }
    let x = left;
    row.forEach((cell, c) => {
      drawText(doc, cell, x + 1, y, fontSize);
      x += widths[c]!;
    });
    doc.setDrawColor(225, 225, 225);
    doc.line(left, y + 1.4, left + width, y + 1.4);
    y += rowMm;
  }
  return y;
}
