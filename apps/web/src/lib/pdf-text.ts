// Text in a jsPDF document in every language: jsPDF's built-in fonts cover Latin-1 only, so text outside it
// (Japanese) is drawn on a canvas with the browser's fonts and placed as an image; Latin text stays real,
// searchable PDF text. Shared by the map screenshot PDF and the project PDF (issue 36).
import type { jsPDF } from 'jspdf';

/** Every character is in jsPDF's built-in (Latin-1) fonts. */
const isLatin1 = (text: string) => [...text].every((c) => c.charCodeAt(0) <= 0xff);

/** Typographic punctuation has Latin-1 stand-ins, so 'Demo town — synthetic' stays text rather than an image. */
const TYPOGRAPHIC: Readonly<Record<string, string>> = {
  '\u2013': '-',
  '\u2014': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2026': '...',
  '\u2264': '<=',
  '\u2265': '>=',
};
export const toLatin1 = (text: string) =>
  text.replace(/[\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u2264\u2265]/g, (c) => TYPOGRAPHIC[c] ?? c);

/** Text at (x, y) baseline in mm; non-Latin-1 text is rasterised (see the note at the top). */
export function drawText(doc: jsPDF, raw: string, x: number, y: number, sizePt: number, bold = false): void {
  const text = toLatin1(raw);
  doc.setFont('helvetica', bold ? 'bold' : 'normal');
  doc.setFontSize(sizePt);
  if (isLatin1(text)) {
    doc.text(text, x, y);
    return;
  }
  const image = rasterise(text, sizePt, bold);
  if (image) doc.addImage(image.url, 'PNG', x, y - image.heightMm * 0.8, image.widthMm, image.heightMm);
}

function rasterise(text: string, sizePt: number, bold: boolean) {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  const scale = 4; // px per pt: sharp enough for print
  const font = `${bold ? 'bold ' : ''}${sizePt * scale}px sans-serif`;
  ctx.font = font;
  const width = Math.ceil(ctx.measureText(text).width) + 2;
  const height = Math.ceil(sizePt * scale * 1.3);
  canvas.width = width;
  canvas.height = height;
  ctx.font = font;
  ctx.fillStyle = '#000';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(text, 1, Math.round(height * 0.78));
  const mmPerPx = 0.3528 / scale; // 1 pt = 0.3528 mm
  return { url: canvas.toDataURL('image/png'), widthMm: width * mmPerPx, heightMm: height * mmPerPx };
}
