// Widths of a report's text before it is drawn, so the layout can be chosen up front: a chart's value axis wide
// enough for its ticks (charts/chart-size.ts), a table beside its chart only when it fits there whole. Estimated
// per character rather than measured in a canvas: the same in tests, on screen and in print, and close enough for
// a choice between two layouts (a margin is left either way).
import type { ReportTable } from './section.ts';

/**
 * Width in px: full-width digits and CJK take a whole em (Japanese numbers are written with full-width digits,
 * FMT-NUM-07), separators 0.3 em, the rest 0.6 em.
 */
export function textWidthPx(text: string, fontPx: number): number {
  let em = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0x2e80) em += 1;
    else if (ch === ',' || ch === '.' || ch === ' ' || ch === "'") em += 0.3;
    else em += 0.6;
  }
  return em * fontPx;
}

/** A small MUI table: 14 px text, 16 px padding on each side of a cell. */
const TABLE_FONT_PX = 14;
const CELL_PADDING_PX = 32;

/** The widest run of the text that cannot wrap: all of it, or its longest word where it may wrap between words. */
const unbreakablePx = (text: string, wraps: boolean) =>
  wraps
    ? Math.max(0, ...text.split(/\s+/).map((w) => textWidthPx(w, TABLE_FONT_PX)))
    : textWidthPx(text, TABLE_FONT_PX);

/**
 * The width a report table needs with no cell squeezed: each column as wide as its widest figure (figures do not
 * wrap) or, for headers and text, its longest word (they wrap between words; CJK text, without spaces, counts
 * whole).
 */
export function tableWidthPx(table: Pick<ReportTable, 'columns' | 'rows'>): number {
  return table.columns.reduce((sum, column, j) => {
    const wraps = !column.numeric && !column.nowrap;
    const header = unbreakablePx(column.label, true);
    const cells = Math.max(0, ...table.rows.map((row) => unbreakablePx(row[j] ?? '', wraps)));
    return sum + Math.ceil(Math.max(header, cells)) + CELL_PADDING_PX;
  }, 0);
}
