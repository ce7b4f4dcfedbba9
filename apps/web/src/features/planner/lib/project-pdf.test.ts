import { describe, expect, it } from 'vitest';
import { buildProjectPdf, PAPER_MM, type ProjectPdfInput } from './project-pdf.ts';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const MM_TO_PT = 72 / 25.4;

const input = (over: Partial<ProjectPdfInput> = {}): ProjectPdfInput => ({
  paper: 'a4',
  utility: 'Springfield Water',
  title: 'Elm St renewal',
  subtitle: ['Dataset: Demo town', 'COF scenario: Hospitals first', 'Printed: 2026-12-07'],
  facts: [['Status', 'In progress']],
  totals: [['Cost', '$96k']],
  map: { image: PNG, widthPx: 1200, heightPx: 800, metresPerPixel: 0.5 },
  unit: 'm',
  legend: { title: 'On the map', items: [{ color: '#00e5ff', label: 'Project pipes' }] },
  table: {
    headers: ['Pipe', 'Length', 'Cost'],
    rows: Array.from({ length: 120 }, (_, i) => [`WM-${i}`, '152 m', '$1,200']),
  },
  pageLabel: (page, pages) => `Page ${page} of ${pages}`,
  ...over,
});

const mediaBox = (text: string) => /MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(text);

describe('project PDF (issue 36)', () => {
  it('names the utility, project, dataset, COF scenario and print date, with map, scale, north and legend', () => {
    const doc = buildProjectPdf(input());
    const text = doc.output();
    for (const part of [
      'Springfield Water',
      'Elm St renewal',
      'COF scenario: Hospitals first',
      'Printed: 2026-12-07',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).toContain('/Subtype /Image');
    expect(text).toContain('(N)');
    // 1200 px × 0.5 m = 600 m over the map's 157.5 mm (105 mm high at 3:2): 3.81 m/mm, 30 % of the width is
    // 180 m of room, so a 100 m bar.
    expect(text).toContain('(100 m)');
    expect(text).toContain('Project pipes');
  });

  it('runs the pipes over pages with "page i of n" on each, in A4 and in Letter', () => {
    const a4 = buildProjectPdf(input());
    const pages = a4.getNumberOfPages();
    expect(pages).toBeGreaterThan(1);
    const text = a4.output();
    for (let i = 1; i <= pages; i++) expect(text).toContain(`Page ${i} of ${pages}`);
    expect(text).toContain('WM-119');
    expect(Number(mediaBox(text)?.[1])).toBeCloseTo(PAPER_MM.a4.width * MM_TO_PT, 0);
    const letter = buildProjectPdf(input({ paper: 'letter' })).output();
    expect(Number(mediaBox(letter)?.[1])).toBeCloseTo(PAPER_MM.letter.width * MM_TO_PT, 0);
    expect(Number(mediaBox(letter)?.[2])).toBeCloseTo(PAPER_MM.letter.height * MM_TO_PT, 0);
  });

  it('prints without a map when there is none to capture', () => {
    const text = buildProjectPdf(input({ map: null })).output();
    expect(text).not.toContain('/Subtype /Image');
    expect(text).toContain('WM-0');
  });
});
