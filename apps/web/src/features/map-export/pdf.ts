// The map screenshot as a PDF (spec 000 §9, PDF-01…08): A4 landscape 297×210 mm, the map as a JPEG at quality
// 0.95, a title bar (map title and view name, date, model, prediction period, total length) and the legend in at
// most 20 % of the page width and 60 % of its height. jsPDF (ARCHITECTURE.md) lays it out.
//
// jsPDF's built-in fonts cover Latin-1 only: text outside it (Japanese) is drawn on a canvas with the browser's
// fonts and placed as an image, so every language prints legibly; Latin text stays real, searchable PDF text.
import { jsPDF } from 'jspdf';
import { drawText } from '../../lib/pdf-text.ts';
import { LEGEND_MAX, PAGE } from './page.ts';

export { toLatin1 } from '../../lib/pdf-text.ts';

export { JPEG_QUALITY, LEGEND_MAX, PAGE } from './page.ts';
const MARGIN = 8;
const TITLE_BAR_MM = 16;

export interface PdfLegend {
  title: string;
  items: readonly { color: string; label: string }[];
}

export interface PdfTitleBar {
  mapTitle: string;
  viewName: string;
  date: string;
  /** e.g. 'Model: LOF trained on this network's breaks · cost model Default (USD)'. */
  model: string;
  /** e.g. 'Prediction period: 2030'. */
  predictionPeriod: string;
  /** e.g. 'Total length: 1,234 mi'. */
  totalLength: string;
}

export interface MapPdfInput {
  /** A JPEG data URL of the map canvas (canvas.toDataURL('image/jpeg', JPEG_QUALITY)). */
  image: string;
  imageWidthPx: number;
  imageHeightPx: number;
  titleBar: PdfTitleBar;
  legend: PdfLegend | null;
}

function drawTitleBar(doc: jsPDF, bar: PdfTitleBar): void {
  doc.setFillColor(28, 55, 90);
  doc.rect(0, 0, PAGE.widthMm, TITLE_BAR_MM, 'F');
  doc.setTextColor(255, 255, 255);
  drawText(doc, `${bar.mapTitle} · ${bar.viewName}`, MARGIN, 7, 13, true);
  const details = [bar.date, bar.model, bar.predictionPeriod, bar.totalLength].join('   |   ');
  drawText(doc, details, MARGIN, 13, 9);
  doc.setTextColor(0, 0, 0);
}

/** The legend box in the bottom-right of the map, never wider or taller than LEGEND_MAX of the page. */
export function legendBox(itemCount: number): { widthMm: number; heightMm: number; rowMm: number } {
  const maxW = PAGE.widthMm * LEGEND_MAX.width;
  const maxH = PAGE.heightMm * LEGEND_MAX.height;
  const wanted = 8 + itemCount * 5.5;
  const rowMm = wanted > maxH ? (maxH - 8) / Math.max(itemCount, 1) : 5.5;
  return { widthMm: maxW, heightMm: Math.min(wanted, maxH), rowMm };
}

function drawLegend(doc: jsPDF, legend: PdfLegend): void {
  const box = legendBox(legend.items.length);
  const x = PAGE.widthMm - MARGIN - box.widthMm;
  const y = PAGE.heightMm - MARGIN - box.heightMm;
  doc.setFillColor(255, 255, 255);
  doc.setDrawColor(180, 180, 180);
  doc.rect(x, y, box.widthMm, box.heightMm, 'FD');
  drawText(doc, legend.title, x + 3, y + 5, 9, true);
  const fontPt = Math.min(8, box.rowMm * 2);
  legend.items.forEach((item, i) => {
    const rowY = y + 8 + i * box.rowMm;
    doc.setFillColor(item.color);
    doc.rect(x + 3, rowY, 6, Math.max(box.rowMm - 1.5, 1), 'F');
    drawText(doc, item.label, x + 11, rowY + box.rowMm * 0.75, fontPt);
  });
}

export function buildMapPdf(input: MapPdfInput): jsPDF {
  const doc = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  drawTitleBar(doc, input.titleBar);
  // The map fills the page under the title bar, keeping its aspect ratio.
  const areaW = PAGE.widthMm - 2 * MARGIN;
  const areaH = PAGE.heightMm - TITLE_BAR_MM - 2 * MARGIN;
  const ratio = input.imageWidthPx / Math.max(input.imageHeightPx, 1);
  const w = Math.min(areaW, areaH * ratio);
  const h = w / ratio;
  doc.addImage(input.image, 'JPEG', MARGIN + (areaW - w) / 2, TITLE_BAR_MM + MARGIN, w, h);
  if (input.legend) {
    try {
      drawLegend(doc, input.legend);
    } catch (err) {
      // PDF-08: a legend that fails to render is skipped with a warning; the PDF is still produced.
      console.warn('The legend could not be drawn into the PDF', err);
    }
  }
  return doc;
}
