import { describe, expect, it, vi } from 'vitest';
import { buildMapPdf, legendBox, LEGEND_MAX, PAGE } from './pdf.ts';

// A 1×1 JPEG: jsPDF reads its header for the image size.
const JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP////////////////////////////////////////' +
  '//////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

const titleBar = {
  mapTitle: 'Demo Town — synthetic',
  viewName: 'Likelihood of failure',
  date: '2026-11-22',
  model: 'Model: Global Model',
  predictionPeriod: 'Prediction period: 2030',
  totalLength: 'Total length: 1,234 mi',
};

const MM_TO_PT = 72 / 25.4;

describe('buildMapPdf', () => {
  it('is one A4 landscape page with the title bar and legend as text (PDF-02, PDF-05, PDF-06)', () => {
    const doc = buildMapPdf({
      image: JPEG,
      imageWidthPx: 1200,
      imageHeightPx: 800,
      titleBar,
      legend: { title: 'LOF', items: [{ color: '#1a9850', label: '< 1%' }] },
    });
    const text = doc.output();
    const box = /MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(text);
    expect(Number(box?.[1])).toBeCloseTo(PAGE.widthMm * MM_TO_PT, 0);
    expect(Number(box?.[2])).toBeCloseTo(PAGE.heightMm * MM_TO_PT, 0);
    expect(doc.getNumberOfPages()).toBe(1);
    for (const part of [
      'Demo Town - synthetic',
      'Global Model',
      'Prediction period: 2030',
      'Total length',
      '< 1%',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toContain('/Subtype /Image');
    expect(text).toContain('/DCTDecode'); // the map is embedded as a JPEG (PDF-03)
  });

  it('skips a legend that fails to draw and still produces the page (PDF-08)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const doc = buildMapPdf({
      image: JPEG,
      imageWidthPx: 10,
      imageHeightPx: 10,
      titleBar,
      legend: { title: 'Bad', items: [{ color: 'not-a-colour(', label: 'x' }] },
    });
    expect(doc.output()).toContain('Demo Town');
    warn.mockRestore();
  });
});

describe('legendBox', () => {
  it('never takes more than 20 % of the width or 60 % of the height (PDF-04)', () => {
    for (const n of [1, 8, 16, 60]) {
      const box = legendBox(n);
      expect(box.widthMm).toBeLessThanOrEqual(PAGE.widthMm * LEGEND_MAX.width);
      expect(box.heightMm).toBeLessThanOrEqual(PAGE.heightMm * LEGEND_MAX.height + 1e-9);
    }
  });
});

describe('toLatin1', () => {
  it('replaces typographic punctuation so such titles stay searchable text', async () => {
    const { toLatin1 } = await import('./pdf.ts');
    expect(toLatin1('Demo town — synthetic “net” ≥ 25%')).toBe('Demo town - synthetic "net" >= 25%');
    expect(toLatin1('管路')).toBe('管路');
  });
});
