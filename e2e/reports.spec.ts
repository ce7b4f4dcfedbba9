import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { readFileSync } from 'node:fs';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { Shell } from './support/shell.ts';

// The report pages of the demo town (spec 001 §2, §7): every page draws its charts with their tables in the
// reader's units, in English and in Japanese; a table downloads as CSV; the page prints without the app around it.
// The viewer reads: the admin's current dataset is whatever import.spec opened last (the stories share a database).

test.use({ viewport: { width: 1440, height: 900 } });

/** Each report page and its sections, as the demo town fills them (it has mesh cells and districts, no zones). */
const PAGES = {
  asset: [
    'length_by_material',
    'length_by_diameter',
    'length_by_install_year',
    'breaks_by_material',
    'breaks_by_install_year',
    'breaks_by_decade',
  ],
  lof: [
    'lof_length_absolute',
    'lof_length_by_diameter',
    'lof_length_by_material',
    'lof_length_by_decade',
    'lof_length_by_year',
    'lof_top_risk_drivers',
  ],
  highest: ['lof_highest'],
  cof: [
    'cof_average',
    'cof_average_factors',
    'cof_distribution',
    'cof_top_average',
    'cof_top_factors',
    'cof_wide_distribution',
    'cof_highest',
  ],
  'total-risk': ['total_risk_distribution', 'total_risk_risk', 'total_risk_top', 'bre_highest'],
  mesh: ['area_mesh'],
  district: ['area_district'],
  'custom-zone': ['area_customZone'],
} as const;
type ReportType = keyof typeof PAGES;

/** A report page as its reader uses it. */
class ReportPage {
  constructor(private readonly page: Page) {}

  /** Opens a report; the first one waits for the demo town's analysis (the page says "not ready" until then). */
  async open(type: ReportType, timeout = 10_000) {
    await this.page.goto(`/reports/${type}`);
    await expect(this.page.getByTestId('report-page')).toHaveAttribute('data-report', type);
    await expect(this.page.getByTestId('report-header')).toBeVisible({ timeout });
  }

  title() {
    return this.page.getByTestId('report-title');
  }

  fact(id: 'dataset' | 'scenario' | 'horizon' | 'units' | 'computed' | 'today') {
    return this.page.getByTestId(`report-fact-${id}`);
  }

  /** A section's chart: an SVG with bars or arcs. */
  chart(section: string): Locator {
    return this.page.getByTestId(`report-chart-${section}`);
  }

  table(section: string): Locator {
    return this.page.getByTestId(`report-table-${section}`);
  }

  empty(section: string): Locator {
    return this.page.getByTestId(`report-section-${section}-empty`);
  }

  async expectDrawn(section: string) {
    const chart = this.chart(section);
    await expect(chart.or(this.empty(section))).toBeVisible();
    if (await this.empty(section).isVisible()) return;
    await expect(chart.locator('svg').first()).toBeVisible();
    await expect(chart.locator('svg path, svg rect').first()).toBeAttached();
    await expect(this.table(section).locator('tbody tr').first()).toBeVisible();
    // Beside its chart only when it fits there: squeezed, a table scrolled sideways and its Japanese headers stood
    // one character a line.
    const overflow = await this.table(section).evaluate((t) => t.scrollWidth - t.parentElement!.clientWidth);
    expect(overflow, `${section}: table wider than its place by ${overflow} px`).toBeLessThanOrEqual(1);
  }

  headers(section: string) {
    return this.table(section).locator('thead th');
  }

  async downloadCsv(section: string): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId(`report-table-${section}-csv`).click();
    return readFileSync(await (await download).path(), 'utf8');
  }
}

test('every report draws its charts and tables in the reader’s units, in English and Japanese', async ({
  page,
}) => {
  test.setTimeout(600_000);
  await new LoginPage(page).logInToHome(ACCOUNTS.viewer);
  const reports = new ReportPage(page);
  const shell = new Shell(page);

  // Opening a page tells the server which screen it is (001 §2; assetsReports is the 6th screen area).
  const routeCall = page.waitForRequest(
    (r) => r.url().endsWith('/api/report-routes') && r.method() === 'POST',
  );
  await reports.open('asset', 400_000);
  expect((await routeCall).postDataJSON()).toMatchObject({ route_type_code: 6 });

  for (const [type, sections] of Object.entries(PAGES) as [ReportType, readonly string[]][]) {
    await test.step(`${type} in English`, async () => {
      await reports.open(type);
      await expect(reports.fact('dataset')).toContainText('Demo town');
      await expect(reports.fact('today')).not.toBeEmpty();
      for (const section of sections) await reports.expectDrawn(section);
    });
  }

  // A US reader: network lengths in miles, pipe lengths in feet, diameters in inches, money in dollars.
  await reports.open('asset');
  await expect(reports.headers('length_by_material')).toContainText(['Material', 'Pipes', 'Length (mi)']);
  await expect(reports.headers('breaks_by_material')).toContainText(['Breaks per 100 mi per year']);
  await expect(reports.table('length_by_diameter')).toContainText(' in');
  await reports.open('highest');
  await expect(reports.headers('lof_highest')).toContainText(['Diameter (in)', 'Length (ft)']);
  // The list is a work list: a pipe opens on the map with its details.
  const first = reports.table('lof_highest').locator('tbody tr').first().getByRole('link');
  const pipe = (await first.innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/map\/highest$/);
  await expect(page.getByTestId('pipe-native-id')).toContainText(pipe, { timeout: 30_000 });
  await reports.open('cof');
  await expect(reports.fact('scenario')).not.toBeEmpty();
  await expect(reports.headers('cof_average')).toContainText(['Average (USD)']);
  // 001 §9: 11 buckets from 0 % to 100 %; 5 level columns, low to very high.
  await expect(reports.table('cof_distribution').locator('tbody tr')).toHaveCount(11);
  await expect(reports.headers('cof_top_average')).toHaveText([
    'Measure',
    'Low',
    'Medium low',
    'Medium high',
    'High',
    'Very high',
  ]);

  // The horizon is part of the address.
  await reports.open('lof');
  await page.getByTestId('report-horizon-24').click();
  await expect(page).toHaveURL(/horizon=24/);
  await expect(page.getByTestId('report-section-lof_length_absolute')).toContainText('Within 24 months');

  // A table downloads as the CSV of what it shows, its header row naming the units.
  await reports.open('asset');
  const csv = await reports.downloadCsv('length_by_material');
  expect(csv.split('\r\n')[0]).toBe('\uFEFFMaterial,Pipes,Length (mi),Share of length');
  expect(csv).toContain('Total,');

  // On paper: no top bar, drawer or buttons; the report itself.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('top-bar')).toBeHidden();
  await expect(page.getByTestId('nav-drawer')).toBeHidden();
  await expect(page.getByTestId('report-print')).toBeHidden();
  await expect(reports.title()).toBeVisible();
  // Issue 38: sections flow onto the pages, each after the one before, instead of one section a page with most of
  // each page empty; a chart is never split.
  const sections = page.locator('.report-section');
  expect(await sections.nth(1).evaluate((el) => getComputedStyle(el).breakBefore)).not.toBe('page');
  expect(
    await page
      .locator('.report-chart')
      .first()
      .evaluate((el) => getComputedStyle(el).breakInside),
  ).toBe('avoid');
  expect((await page.pdf({ format: 'A4' })).length).toBeGreaterThan(0);
  await page.emulateMedia({ media: 'screen' });

  // The same pages in Japanese: translated headings, the same (US) units.
  await shell.chooseLanguage('ja');
  try {
    for (const [type, sections] of Object.entries(PAGES) as [ReportType, readonly string[]][]) {
      await test.step(`${type} in Japanese`, async () => {
        await reports.open(type);
        for (const section of sections) await reports.expectDrawn(section);
      });
    }
    await reports.open('asset');
    await expect(reports.title()).toHaveText('資産レポート');
    await expect(reports.headers('length_by_material')).toContainText(['管種', '管路数', '延長（mi）']);
    await reports.open('cof');
    await expect(reports.headers('cof_top_average')).toContainText(['低', '非常に高']);
    await expect(reports.headers('cof_average')).toContainText(['平均（USD）']);
  } finally {
    await shell.chooseLanguage('en');
  }
});
