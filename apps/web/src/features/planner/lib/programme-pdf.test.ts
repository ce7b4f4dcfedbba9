import { beforeAll, describe, expect, it } from 'vitest';
import { camelizeKeys } from '../../../lib/case.ts';
import { i18n } from '../../../lib/i18n.ts';
import type { ProgrammeView } from '../api/programmes.ts';
import { programme } from '../test-data.ts';
import { buildProgrammePdf } from './programme-pdf.ts';
import { programmePdfInput, type ProgrammeReportContext } from './programme-report.ts';
import { PAPER_MM } from './project-pdf.ts';

const MM_TO_PT = 72 / 25.4;
const mediaBox = (text: string) => /MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(text);

/** A 20-year programme of three scenarios: its tables run over pages. */
function longProgramme(): ProgrammeView {
  const base = programme(7, { horizon_years: 20, name: 'Council plan' });
  const years = Array.from({ length: 20 }, (_, k) => ({
    ...base.scenarios[0]!.years[0]!,
    year: 2026 + k,
    expected_breaks: 40 + k,
    expected_breaks_low: 30 + k,
    expected_breaks_high: 52 + k,
  }));
  return camelizeKeys<ProgrammeView>({
    ...base,
    scenarios: ['Flat', 'Rising', 'Front-loaded'].map((name) => ({ name, yearly_budget: [], years })),
  });
}

const context = (language: string, large: 'km' | 'mi'): ProgrammeReportContext => ({
  t: i18n.getFixedT(language, 'planner'),
  language,
  large,
  datasetName: 'Demo town',
  cofName: 'Hospitals first',
  madeOn: '2026-11-24 10:00',
});

describe('programme PDF (issue 39)', () => {
  beforeAll(() =>
    i18n.loadLanguages(['en', 'de']).then(() => i18n.loadNamespaces(['planner', 'views', 'details'])),
  );

  it('names the dataset, COF scenario and date at the top of every page, and "page i of n" at its foot', () => {
    const doc = buildProgrammePdf(programmePdfInput(longProgramme(), context('en', 'km'), 'a4'));
    const pages = doc.getNumberOfPages();
    expect(pages).toBeGreaterThanOrEqual(3);
    const text = doc.output();
    const header = '(Demo town · COF scenario: Hospitals first · Made 2026-11-24 10:00)';
    expect(text.split(header).length - 1).toBe(pages);
    for (let i = 1; i <= pages; i++) expect(text).toContain(`(Page ${i} of ${pages})`);
    expect(text.split('(Council plan)').length - 1).toBe(pages);
  });

  it('carries the facts, the hold sentence, the assumptions, the charts and every scenario table', () => {
    const text = buildProgrammePdf(programmePdfInput(longProgramme(), context('en', 'mi'), 'a4')).output();
    for (const part of [
      '(Renewal programme: Council plan)',
      'Projects by risk removed per cost',
      'holds expected breaks at today',
      '(Scored as of \\(ages count from\\))',
      "Learnt from the utility's breaks",
      'Folkman 2018',
      '(Renewed mains: A renewed main breaks at its replacement material',
      '(Flat: year by year)',
      '(Front-loaded: year by year)',
      '(Expected breaks per year)',
      '(Length renewed \\(mi\\))',
      '(2045)',
    ])
      expect(text).toContain(part);
  });

  it('is A4 or Letter as asked', () => {
    const a4 = buildProgrammePdf(programmePdfInput(longProgramme(), context('en', 'km'), 'a4')).output();
    expect(Number(mediaBox(a4)?.[1])).toBeCloseTo(PAPER_MM.a4.width * MM_TO_PT, 0);
    expect(Number(mediaBox(a4)?.[2])).toBeCloseTo(PAPER_MM.a4.height * MM_TO_PT, 0);
    const letter = buildProgrammePdf(
      programmePdfInput(longProgramme(), context('en', 'mi'), 'letter'),
    ).output();
    expect(Number(mediaBox(letter)?.[1])).toBeCloseTo(PAPER_MM.letter.width * MM_TO_PT, 0);
    expect(Number(mediaBox(letter)?.[2])).toBeCloseTo(PAPER_MM.letter.height * MM_TO_PT, 0);
  });

  it('speaks German on every page', () => {
    const doc = buildProgrammePdf(programmePdfInput(longProgramme(), context('de', 'km'), 'a4'));
    const pages = doc.getNumberOfPages();
    const text = doc.output();
    for (let i = 1; i <= pages; i++) expect(text).toContain(`(Seite ${i} von ${pages})`);
    expect(text).toContain('(Erneuerungsprogramm: Council plan)');
    expect(text).toContain('COF-Szenario: Hospitals first');
  });
});
