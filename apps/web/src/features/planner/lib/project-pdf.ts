// A project on paper for a council (issue 36): A4 or Letter, portrait. The first page names the utility, the
// project, the dataset, the COF scenario whose figures these are and the print date, then the project's facts and
// totals, and the map as it shows the project — with its legend, a scale bar in the user's units and a north arrow
// (the map is never rotated, so north is up). The pipes follow in a table that runs over as many pages as it needs,
// its header repeated; every page carries "page i of n". jsPDF lays it out (as the map screenshot PDF does), and
// text in any language goes through lib/pdf-text.ts.
import type { SegmentUnit } from '@pipewise/domain';
import { jsPDF } from 'jspdf';
import { drawTable, fitted } from '../../../lib/pdf-table.ts';
import { drawText } from '../../../lib/pdf-text.ts';
import { scaleBar } from './scale-bar.ts';

export type Paper = 'a4' | 'letter';
export const PAPER_MM: Record<Paper, { width: number; height: number }> = {
  a4: { width: 210, height: 297 },
  letter: { width: 215.9, height: 279.4 },
};
const MARGIN = 12;
const ROW_MM = 5.2;
const MAP_MAX_H = 105;

export interface ProjectPdfInput {
  paper: Paper;
  utility: string;
  title: string;
  /** "Dataset: …", "COF scenario: …", "Printed: …": one line under the title. */
  subtitle: readonly string[];
  facts: readonly (readonly [string, string])[];
  totals: readonly (readonly [string, string])[];
  map: { image: string; widthPx: number; heightPx: number; metresPerPixel: number | null } | null;
  unit: SegmentUnit;
  legend: { title: string; items: readonly { color: string; label: string }[] };
  table: { headers: readonly string[]; rows: readonly (readonly string[])[] };
  pageLabel: (page: number, pages: number) => string;
}

/** Key, value lines; a value wider than its room is cut with an ellipsis rather than running into the next. */
function pairs(doc: jsPDF, list: ProjectPdfInput['facts'], x: number, y: number, width: number): number {
  doc.setFontSize(8.5);
  const keyW = Math.min(60, Math.max(...list.map(([k]) => doc.getTextWidth(k)), 20) + 4);
  let at = y;
  for (const [k, v] of list) {
    doc.setTextColor(90, 90, 90);
    drawText(doc, k, x, at, 8.5);
    doc.setTextColor(0, 0, 0);
    drawText(doc, fitted(doc, v, width - keyW), x + keyW, at, 8.5);
    at += 4.6;
  }
  return at;
}

function northArrow(doc: jsPDF, x: number, y: number): void {
  doc.setFillColor(255, 255, 255);
  doc.setDrawColor(60, 60, 60);
  doc.roundedRect(x - 5, y - 1, 10, 15, 1, 1, 'FD');
  doc.setFillColor(30, 30, 30);
  doc.triangle(x, y + 1, x - 2.6, y + 8, x + 2.6, y + 8, 'F');
  drawText(doc, 'N', x - 1.3, y + 12.6, 8, true);
}

function drawScale(
  doc: jsPDF,
  input: ProjectPdfInput,
  mapX: number,
  mapY: number,
  mapW: number,
  mapH: number,
) {
  const map = input.map!;
  if (!map.metresPerPixel) return;
  const metresPerMm = (map.metresPerPixel * map.widthPx) / mapW;
  const bar = scaleBar(metresPerMm, mapW * 0.3, input.unit);
  if (!bar) return;
  const x = mapX + 4;
  const y = mapY + mapH - 5;
  doc.setFillColor(255, 255, 255);
  doc.rect(x - 2, y - 6, bar.lengthMm + 4 + 14, 8.5, 'F');
  doc.setDrawColor(0, 0, 0);
  doc.setLineWidth(0.5);
  doc.line(x, y, x + bar.lengthMm, y);
  doc.line(x, y - 1.5, x, y + 0.5);
  doc.line(x + bar.lengthMm, y - 1.5, x + bar.lengthMm, y + 0.5);
  doc.setLineWidth(0.2);
  drawText(doc, bar.label, x + bar.lengthMm + 2, y + 0.8, 7.5);
}

export function buildProjectPdf(input: ProjectPdfInput): jsPDF {
  const page = PAPER_MM[input.paper];
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: input.paper });
  const width = page.width - 2 * MARGIN;
  const bottom = page.height - MARGIN - 8;
  doc.setTextColor(90, 90, 90);
  drawText(doc, input.utility, MARGIN, MARGIN + 3, 9);
  doc.setTextColor(0, 0, 0);
  drawText(doc, input.title, MARGIN, MARGIN + 10, 16, true);
  doc.setTextColor(60, 60, 60);
  drawText(doc, input.subtitle.join('   ·   '), MARGIN, MARGIN + 16, 8.5);
  doc.setTextColor(0, 0, 0);
  let y = MARGIN + 23;
  y = pairs(doc, [...input.facts, ...input.totals], MARGIN, y, width) + 2;

  if (input.map) {
    const ratio = input.map.widthPx / Math.max(input.map.heightPx, 1);
    const w = Math.min(width, MAP_MAX_H * ratio);
    const h = w / ratio;
    const x = MARGIN + (width - w) / 2;
    doc.addImage(input.map.image, 'PNG', x, y, w, h);
    doc.setDrawColor(150, 150, 150);
    doc.rect(x, y, w, h);
    northArrow(doc, x + w - 8, y + 3);
    drawScale(doc, input, x, y, w, h);
    y += h + 5;
    drawText(doc, input.legend.title, MARGIN, y, 8, true);
    let lx = MARGIN + 30;
    for (const item of input.legend.items) {
      doc.setFillColor(item.color);
      doc.rect(lx, y - 2.4, 6, 2.4, 'F');
      drawText(doc, item.label, lx + 8, y, 8);
      lx += 8 + doc.getTextWidth(item.label) + 8;
    }
    y += 6;
  }

  drawTable(doc, input.table, y, {
    x: MARGIN,
    width,
    fontSize: 8,
    rowMm: ROW_MM,
    bottom,
    newPage: () => {
      doc.addPage(input.paper, 'portrait');
      return MARGIN + 6;
    },
    measureRows: 200,
    padMm: 3,
  });

  const pages = doc.getNumberOfPages();
  for (let i = 1; i <= pages; i++) {
    doc.setPage(i);
    doc.setTextColor(110, 110, 110);
    drawText(doc, `${input.utility} · ${input.title}`, MARGIN, page.height - MARGIN, 7.5);
    const label = input.pageLabel(i, pages);
    drawText(doc, label, page.width - MARGIN - doc.getTextWidth(label) - 1, page.height - MARGIN, 7.5);
    doc.setTextColor(0, 0, 0);
  }
  return doc;
}
