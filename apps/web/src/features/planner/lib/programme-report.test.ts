import { beforeAll, describe, expect, it } from 'vitest';
import { camelizeKeys } from '../../../lib/case.ts';
import { i18n } from '../../../lib/i18n.ts';
import type { ProgrammeView } from '../api/programmes.ts';
import { programme } from '../test-data.ts';
import { programmeCsvText, reportFileName, type ProgrammeReportContext } from './programme-report.ts';

const view = (over: Record<string, unknown> = {}) => camelizeKeys<ProgrammeView>(programme(5, over));
const context = (language: string, large: 'km' | 'mi'): ProgrammeReportContext => ({
  t: i18n.getFixedT(language, 'planner'),
  language,
  large,
  datasetName: 'Demo town',
  cofName: 'Hospitals first',
  madeOn: '2026-11-24 10:00',
});
const lines = (text: string) => text.split('\r\n');

describe('programme CSV (issue 39)', () => {
  beforeAll(() =>
    i18n.loadLanguages(['en', 'de']).then(() => i18n.loadNamespaces(['planner', 'views', 'details'])),
  );

  it('starts with a BOM and key, value lines naming the programme, dataset, COF scenario, currency, units and date', () => {
    const text = programmeCsvText(view(), context('en', 'km'));
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = lines(text.slice(1));
    expect(rows.slice(0, 8)).toEqual([
      'Programme,Programme 5 (2026–2028)',
      'Dataset,Demo town',
      'COF scenario,Hospitals first',
      'Strategy,Projects by risk removed per cost',
      'Years,2026-2028',
      'Currency,USD',
      'Length unit,km',
      'Made,2026-11-24 10:00',
    ]);
    expect(rows).toContain("Flat budget that holds today's breaks,1250000");
    expect(rows).toContain('Over-dispersion φ,1.8');
    expect(rows).toContain('Scored as of (ages count from),2025');
    expect(rows).toContain('Mains left to active projects,2');
  });

  it('has one row per scenario and year, numbers rounded but unformatted, in km', () => {
    const rows = lines(programmeCsvText(view(), context('en', 'km')));
    const head = rows.findIndex((r) => r.startsWith('Scenario,Year,'));
    expect(rows[head - 1]).toBe('');
    expect(rows[head]).toBe(
      'Scenario,Year,Budget (USD),Spend (USD),Expected breaks,"Expected breaks, 95 % low","Expected breaks, 95 % high","Total risk, BRE (USD)",Length renewed (km),Mains renewed,Projects,Mean age (years),90th-percentile age (years),Share of length past its useful life (%)',
    );
    const data = rows.slice(head + 1).filter(Boolean);
    expect(data).toHaveLength(2 * 3);
    expect(data[0]).toBe('Flat,2026,1000000,950000,42.5,30.1,55.2,2400000,1.5,12,3,41.2,78.4,12.3');
    expect(data[3]).toBe('Rising,2026,2000000,1900000,42.5,30.1,55.2,2400000,3,24,4,41.2,78.4,12.3');
  });

  it('gives lengths in miles to a US user', () => {
    const rows = lines(programmeCsvText(view(), context('en', 'mi')));
    expect(rows).toContain('Length unit,mi');
    const first = rows.find((r) => r.startsWith('Flat,2026,'))!;
    // 1,500 m = 0.932 mi.
    expect(first.split(',')[8]).toBe('0.932');
    expect(rows.some((r) => r.includes('Length renewed (mi)'))).toBe(true);
  });

  it('speaks German to a German reader, with the same plain numbers', () => {
    const rows = lines(programmeCsvText(view({ currency: 'EUR' }), context('de', 'km')));
    expect(rows[0]).toBe('\uFEFFProgramm,Programme 5 (2026–2028)');
    expect(rows).toContain('Datensatz,Demo town');
    expect(rows).toContain('COF-Szenario,Hospitals first');
    expect(rows).toContain('Währung,EUR');
    expect(rows.some((r) => r.startsWith('Szenario,Jahr,Budget (EUR),Ausgaben (EUR),'))).toBe(true);
    expect(rows).toContain('Flat,2026,1000000,950000,42.5,30.1,55.2,2400000,1.5,12,3,41.2,78.4,12.3');
  });

  it('names files after the programme', () => {
    expect(reportFileName('Programme 5 (2026–2028)', 'csv')).toBe('Programme-5-2026-2028.csv');
    expect(reportFileName('更新 計画', 'pdf')).toBe('更新-計画.pdf');
  });
});
