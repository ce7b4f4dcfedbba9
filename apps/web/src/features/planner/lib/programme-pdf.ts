// A renewal programme on paper for a council (issue 39), A4 or Letter, portrait, laid out by jsPDF as the project
// PDF is (project-pdf.ts). Every page names the dataset, the COF scenario and the date the programme was made at
// its top, and the programme and "page i of n" at its foot. The first page carries the programme's facts, the
// budget that holds breaks at today's level and the assumptions the figures rest on; the charts follow (drawn with
// jsPDF's own lines: vector, so sharp on paper, and the same data and colours as the screen's charts), then each
// scenario's table year by year, its header repeated on every page it runs over. Text in any language goes through
// lib/pdf-text.ts (Japanese is drawn by the browser's fonts and placed as an image).
import { GState, jsPDF } from 'jspdf';
import { fitted, drawTable, textWidth } from '../../../lib/pdf-table.ts';
import { drawText } from '../../../lib/pdf-text.ts';
import { SCENARIO_COLORS } from './programme-result.ts';
import { PAPER_MM, type Paper } from './project-pdf.ts';

export type { Paper };

export interface ProgrammeChart {
  title: string;
  note?: string;
  series: readonly {
    name: string;
    values: readonly (number | null)[];
    /** The interval drawn as a band under the line: [low, high] per year. */
    band?: readonly (readonly [number, number])[];
  }[];
  /** The axis starts at 0 (counts, money, lengths); ages start near their least. */
  fromZero: boolean;
  tick: (v: number) => string;
}

export interface ProgrammePdfInput {
  paper: Paper;
  title: string;
  /** "Dataset · COF scenario: … · Made …": at the top of every page. */
  header: string;
  /** The programme's name, at the foot of every page beside "page i of n". */
  footer: string;
  facts: readonly (readonly [string, string])[];
  /** The sentence naming the budget that holds expected breaks at today's level. */
  hold: string;
  assumptionsTitle: string;
  assumptions: readonly (readonly [string, string])[];
  /** Lines under the assumptions: the new-pipe rates and their source, what the interval is, renewed mains. */
  notes: readonly string[];
  chartsTitle: string;
  years: readonly number[];
  charts: readonly ProgrammeChart[];
  tables: readonly { title: string; headers: readonly string[]; rows: readonly (readonly string[])[] }[];
  pageLabel: (page: number, pages: number) => string;
}

const MARGIN = 12;
const TOP = MARGIN + 10;
const ROW_MM = 5.2;
const PT_MM = 0.3528;
const CHART_H = 52;

/** Lines of at most `width` mm: broken at spaces, or anywhere in text without them (Japanese). */
function wrap(doc: jsPDF, text: string, width: number, sizePt: number): string[] {
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(sizePt);
  const lines: string[] = [];
  let line = '';
  for (const token of text.split(/(?<=\s)|(?=[\u0100-\u{10ffff}])|(?<=[\u0100-\u{10ffff}])/u)) {
    if (line && textWidth(doc, line + token) > width) {
      lines.push(line.trimEnd());
      line = token.trimStart();
    } else line += token;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** A step of 1, 2 or 5 × 10^k giving about `count` intervals over the range. */
function niceStep(range: number, count: number): number {
  const raw = range / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

function ticksFor(chart: ProgrammeChart): number[] {
  const all = chart.series.flatMap((s) => [
    ...s.values.filter((v): v is number => v != null && Number.isFinite(v)),
    ...(s.band?.flat() ?? []),
  ]);
  if (all.length === 0) return [0, 1];
  let lo = Math.min(...all);
  let hi = Math.max(...all);
  if (chart.fromZero) lo = Math.min(0, lo);
  if (hi - lo < 1e-9) hi = lo + 1;
  const step = niceStep(hi - lo, 4);
  const ticks: number[] = [];
  for (let v = Math.floor(lo / step) * step; v <= hi + step * 0.999; v += step) {
    ticks.push(Math.round(v / step) * step);
    if (v >= hi) break;
  }
  return ticks;
}

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function drawChart(
  doc: jsPDF,
  chart: ProgrammeChart,
  years: readonly number[],
  x: number,
  y: number,
  w: number,
) {
  doc.setTextColor(0, 0, 0);
  doc.setFontSize(8.5);
  drawText(doc, fitted(doc, chart.title, w), x, y, 8.5, true);
  let top = y + 2;
  if (chart.note) {
    doc.setTextColor(100, 100, 100);
    doc.setFontSize(6.5);
    drawText(doc, fitted(doc, chart.note, w), x, y + 3.6, 6.5);
    top += 3.6;
  }
  const ticks = ticksFor(chart);
  const labels = ticks.map(chart.tick);
  doc.setFontSize(6.5);
  const labelW = Math.max(...labels.map((l) => textWidth(doc, l))) + 1.5;
  const px = x + labelW;
  const pw = w - labelW - 2;
  const py = top + 2;
  const ph = CHART_H - (py - y) - 8;
  const lo = ticks[0]!;
  const hi = ticks[ticks.length - 1]!;
  const yOf = (v: number) => py + ph - ((v - lo) / (hi - lo)) * ph;
  const n = years.length;
  const xOf = (i: number) => (n <= 1 ? px + pw / 2 : px + (i / (n - 1)) * pw);

  doc.setLineWidth(0.1);
  ticks.forEach((v, k) => {
    doc.setDrawColor(225, 225, 225);
    doc.line(px, yOf(v), px + pw, yOf(v));
    doc.setTextColor(90, 90, 90);
    const label = labels[k]!;
    drawText(doc, label, px - 1 - textWidth(doc, label), yOf(v) + 0.9, 6.5);
  });
  doc.setDrawColor(120, 120, 120);
  doc.line(px, py + ph, px + pw, py + ph);
  const every = Math.max(1, Math.ceil(n / 8));
  years.forEach((year, i) => {
    // Counted back from the last year, so the last is labelled and no two labels meet.
    if ((n - 1 - i) % every !== 0) return;
    const label = String(year);
    doc.line(xOf(i), py + ph, xOf(i), py + ph + 0.8);
    drawText(doc, label, xOf(i) - doc.getTextWidth(label) / 2, py + ph + 3.6, 6.5);
  });

  chart.series.forEach((s, k) => {
    const color = rgb(SCENARIO_COLORS[k % SCENARIO_COLORS.length]!);
    if (s.band && s.band.length > 1) {
      // The band: a polygon along the highs and back along the lows, faint, so overlapping bands show through.
      const points = [
        ...s.band.map(([, high], i) => [xOf(i), yOf(high)] as const),
        ...s.band.map(([low], i) => [xOf(i), yOf(low)] as const).reverse(),
      ];
      const deltas = points.slice(1).map(([bx, by], i) => [bx - points[i]![0], by - points[i]![1]]);
      doc.saveGraphicsState();
      doc.setGState(new GState({ opacity: 0.15 }));
      doc.setFillColor(...color);
      doc.lines(deltas, points[0]![0], points[0]![1], [1, 1], 'F', true);
      doc.restoreGraphicsState();
    }
    doc.setDrawColor(...color);
    doc.setLineWidth(0.45);
    for (let i = 1; i < s.values.length; i++) {
      const a = s.values[i - 1];
      const b = s.values[i];
      if (a == null || b == null) continue;
      doc.line(xOf(i - 1), yOf(a), xOf(i), yOf(b));
    }
    if (n === 1 && s.values[0] != null) {
      doc.setFillColor(...color);
      doc.circle(xOf(0), yOf(s.values[0]), 0.7, 'F');
    }
  });
  doc.setLineWidth(0.2);
  doc.setTextColor(0, 0, 0);
}

export function buildProgrammePdf(input: ProgrammePdfInput): jsPDF {
  const page = PAPER_MM[input.paper];
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: input.paper });
  const width = page.width - 2 * MARGIN;
  const bottom = page.height - MARGIN - 8;
  let y = TOP;
  const newPage = () => {
    doc.addPage(input.paper, 'portrait');
    y = TOP;
  };
  const ensure = (height: number) => {
    if (y + height > bottom) newPage();
  };
  const pairs = (list: readonly (readonly [string, string])[]) => {
    doc.setFontSize(8.5);
    const keyW = Math.min(75, Math.max(...list.map(([k]) => textWidth(doc, k)), 20) + 4);
    for (const [k, v] of list) {
      const lines = wrap(doc, v, width - keyW, 8.5);
      ensure(4.6 * lines.length);
      doc.setTextColor(90, 90, 90);
      drawText(doc, fitted(doc, k, keyW - 2), MARGIN, y, 8.5);
      doc.setTextColor(0, 0, 0);
      lines.forEach((line, i) => drawText(doc, line, MARGIN + keyW, y + i * 4.2, 8.5));
      y += 4.2 * lines.length + 0.6;
    }
  };
  const paragraph = (text: string, size: number, bold = false) => {
    for (const line of wrap(doc, text, width, size)) {
      ensure(size * PT_MM * 1.5);
      drawText(doc, line, MARGIN, y, size, bold);
      y += size * PT_MM * 1.45;
    }
  };
  const heading = (text: string) => {
    ensure(14);
    y += 3;
    drawText(doc, text, MARGIN, y, 11.5, true);
    y += 6;
  };

  // The facts, the answer and the assumptions.
  drawText(doc, input.title, MARGIN, y + 3, 15, true);
  y += 11;
  pairs(input.facts);
  y += 2;
  doc.setFillColor(232, 242, 252);
  const holdLines = wrap(doc, input.hold, width - 6, 10);
  doc.rect(MARGIN, y - 1, width, holdLines.length * 5 + 3.5, 'F');
  y += 3.5;
  holdLines.forEach((line) => {
    drawText(doc, line, MARGIN + 3, y, 10, true);
    y += 5;
  });
  y += 2;
  if (input.assumptions.length > 0 || input.notes.length > 0) {
    heading(input.assumptionsTitle);
    pairs(input.assumptions);
    y += 1.5;
    for (const note of input.notes) {
      paragraph(note, 8.5);
      y += 0.8;
    }
  }

  // The charts, two to a row, under one legend of the scenarios.
  newPage();
  drawText(doc, input.chartsTitle, MARGIN, y, 11.5, true);
  y += 6;
  const legend = () => {
    let lx = MARGIN;
    input.tables.forEach((_, k) => {
      const name = input.charts[0]?.series[k]?.name ?? '';
      doc.setFillColor(...rgb(SCENARIO_COLORS[k % SCENARIO_COLORS.length]!));
      doc.rect(lx, y - 2.2, 6, 2.2, 'F');
      drawText(doc, name, lx + 8, y, 8);
      doc.setFontSize(8);
      lx += 8 + textWidth(doc, name) + 8;
    });
    y += 6;
  };
  legend();
  const colW = (width - 6) / 2;
  for (let i = 0; i < input.charts.length; i += 2) {
    if (y + CHART_H > bottom) {
      newPage();
      legend();
    }
    for (let c = 0; c < 2 && i + c < input.charts.length; c++)
      drawChart(doc, input.charts[i + c]!, input.years, MARGIN + c * (colW + 6), y, colW);
    y += CHART_H + 3;
  }

  // Each scenario's table, year by year.
  for (const table of input.tables) {
    if (y > TOP) y += 4;
    ensure(8 + ROW_MM * 4);
    drawText(doc, table.title, MARGIN, y, 11, true);
    y += 6;
    y = drawTable(doc, table, y, {
      x: MARGIN,
      width,
      fontSize: 7.5,
      rowMm: ROW_MM,
      bottom,
      newPage: () => {
        newPage();
        return y;
      },
    });
  }

  // Every page: the dataset, COF scenario and date at the top; the programme and "page i of n" at the foot.
  const pages = doc.getNumberOfPages();
  for (let i = 1; i <= pages; i++) {
    doc.setPage(i);
    doc.setTextColor(90, 90, 90);
    doc.setFontSize(7.5);
    drawText(doc, fitted(doc, input.header, width), MARGIN, MARGIN + 2, 7.5);
    doc.setDrawColor(190, 190, 190);
    doc.setLineWidth(0.2);
    doc.line(MARGIN, MARGIN + 4, MARGIN + width, MARGIN + 4);
    const label = input.pageLabel(i, pages);
    doc.setFontSize(7.5);
    drawText(
      doc,
      fitted(doc, input.footer, width - textWidth(doc, label) - 8),
      MARGIN,
      page.height - MARGIN,
      7.5,
    );
    doc.setFontSize(7.5);
    drawText(doc, label, page.width - MARGIN - textWidth(doc, label) - 1, page.height - MARGIN, 7.5);
    doc.setTextColor(0, 0, 0);
  }
  return doc;
}
