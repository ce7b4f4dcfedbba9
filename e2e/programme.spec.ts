import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { PlannerPage } from './support/planner-page.ts';

// The renewal programme on the demo town (issue 39): a planner runs three budget scenarios over five years, reads
// the charts, the table and the budget that holds expected breaks at today's level, opens the first year on the map
// and turns it into planner projects. A reader sees the same results without the means to change them.

test.use({ viewport: { width: 1600, height: 1200 } });

test('a planner runs a three-scenario programme, reads it, opens year 1 on the map and makes it projects', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await new LoginPage(page).logInToHome(ACCOUNTS.worker);
  const planner = new PlannerPage(page);
  await planner.open();

  // From the planner panel to /planner/programme.
  await page.getByTestId('planner-programme').click();
  await expect(page).toHaveURL(/\/planner\/programme$/);
  const form = page.getByTestId('programme-form');
  await expect(form).toBeVisible();

  // Five years, three scenarios: flat, rising 3 % a year, typed year by year.
  await page.getByTestId('programme-horizon').fill('5');
  await page.getByTestId('programme-name-0').fill('Flat $400k');
  await page.getByTestId('programme-budget-0').fill('400000');
  await page.getByTestId('programme-name-1').fill('Rising 3 %');
  await page.getByTestId('programme-kind-1-rising').click();
  await page.getByTestId('programme-budget-1').fill('800000');
  await page.getByTestId('programme-rise-1').fill('3');
  await page.getByTestId('programme-add-scenario').click();
  await page
    .getByTestId('programme-name-2')
    .fill(`Front-loaded${testInfo.retry > 0 ? ` ${testInfo.retry}` : ''}`);
  await page.getByTestId('programme-kind-2-typed').click();
  for (const [y, amount] of ['2000000', '1500000', '1000000', '500000', '500000'].entries())
    await page.getByTestId(`programme-year-2-${y}`).fill(amount);
  await page.getByTestId('programme-submit').click();

  // The job runs with progress; the result replaces it.
  await expect(page).toHaveURL(/\/planner\/programme\?id=\d+$/);
  const result = page.getByTestId('programme-result');
  await expect(result).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('programme-item').first().getByTestId('programme-state')).toHaveText('Done');

  // docs/img/programme.png is this page (the list, the one-line answer and the first charts); the run writes its
  // copy under test-results so a test run never changes a tracked file.
  await page.getByTestId('content').evaluate((main) => main.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/programme.png' });

  // The budget that holds breaks at today's level, said in one line.
  await expect(page.getByTestId('programme-hold')).toHaveText(
    /^(About \$[\d.,]+[kM]? a year holds expected breaks at today's level \([\d.,]+ a year\)\.|No flat budget within the network's cost holds expected breaks at today's level \([\d.,]+ a year\)\.)$/,
  );
  // Every chart, with three scenario lines; the table has a row per year.
  for (const metric of ['breaks', 'bre', 'length', 'spend', 'meanAge', 'p90Age', 'pastRul'])
    await expect(page.getByTestId(`programme-chart-${metric}`)).toBeVisible();
  // The chart's legend names the three scenarios.
  for (const name of ['Flat $400k', 'Rising 3 %', 'Front-loaded'])
    await expect(page.getByTestId('programme-chart-breaks')).toContainText(name);
  const rows = page.getByTestId('programme-table-0').getByTestId('programme-row');
  await expect(rows).toHaveCount(5);
  const year1 = Number(await rows.first().locator('td').first().textContent());
  expect(year1).toBeGreaterThanOrEqual(2020);
  // More money buys at least as much renewal in year 1: the front-loaded scenario renews the most.
  await page.getByTestId('programme-tab-2').click();
  await expect(page.getByTestId('programme-table-2').getByTestId('programme-row')).toHaveCount(5);
  await expect(page.getByTestId('programme-assumptions')).toContainText('Scored as of');
  await expect(page.getByTestId('programme-rates')).toContainText(/utility's own|published/);

  // The council's report: the yearly table as a CSV in the user's units, and a PDF on the user's paper (Letter for
  // the demo town's US units) or A4, every page naming the dataset, the COF scenario and the date.
  const [csvFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('programme-csv').click(),
  ]);
  expect(csvFile.suggestedFilename()).toMatch(/\.csv$/);
  const fs = await import('node:fs');
  const csv = fs.readFileSync(await csvFile.path(), 'utf8');
  expect(csv.startsWith('\uFEFFProgramme,')).toBe(true);
  const csvLines = csv.split('\r\n');
  expect(csvLines).toContain('Length unit,mi');
  const head = csvLines.findIndex((l) => l.startsWith('Scenario,Year,Budget (USD),'));
  expect(head).toBeGreaterThan(0);
  expect(csvLines[head + 1]).toMatch(
    new RegExp(`^Flat \\$400k,${year1},400000,\\d+,[\\d.]+,[\\d.]+,[\\d.]+,`),
  );
  expect(csvLines.slice(head + 1).filter(Boolean)).toHaveLength(3 * 5);

  const { execFileSync } = await import('node:child_process');
  const pdfOf = async (paper: 'a4' | 'letter') => {
    if (paper === 'a4') {
      await page.getByTestId('programme-paper').click();
      await page.getByTestId('programme-paper-a4').click();
    }
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('programme-pdf').click(),
    ]);
    expect(file.suggestedFilename()).toMatch(new RegExp(`-${paper}\\.pdf$`));
    const path = await file.path();
    const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' });
    return { info, text: execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }) };
  };
  const letter = await pdfOf('letter');
  expect(letter.info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
  const pages = Number(/Pages:\s+(\d+)/.exec(letter.info)?.[1]);
  expect(pages).toBeGreaterThanOrEqual(3);
  const pageTexts = letter.text.split('\f').filter((p) => p.trim());
  expect(pageTexts).toHaveLength(pages);
  pageTexts.forEach((text, i) => {
    expect(text).toMatch(/COF scenario: .+ · Made /);
    expect(text).toContain(`Page ${i + 1} of ${pages}`);
  });
  expect(letter.text).toContain('Flat $400k: year by year');
  expect(letter.text).toContain('Expected breaks per year');
  const a4 = await pdfOf('a4');
  expect(a4.info).toMatch(/Page size:\s+595\.\d* x 841\.\d* pts \(A4\)/);

  // Year 1 of the flat scenario on the map: the planner marks the mains it renews.
  await page.getByTestId('programme-tab-0').click();
  await page.getByTestId(`programme-on-map-${year1}`).click();
  await expect(page).toHaveURL(/\/planner$/);
  await expect(page.getByTestId('programme-year-shown')).toContainText(`${year1}`);
  await expect(page.getByTestId('programme-year-shown')).toContainText(/the \d+ mains it renews are marked/);
  await expect(planner.map.map()).not.toHaveAttribute('data-halo-pipes', '0');

  // Back to the programme, and the first year becomes projects.
  await page.getByTestId('planner-programme').click();
  await expect(result).toBeVisible();
  await page.getByTestId('programme-make-projects-0').click();
  const made = page.getByTestId('programme-made');
  await expect(made).toBeVisible({ timeout: 60_000 });
  await expect(made).toContainText(/\d+ projects? made:/);
  const first = page.getByTestId('programme-made-project').first();
  const projectName = (await first.textContent()) ?? '';
  expect(projectName).toContain('Flat $400k');
  // Its mains are in active projects now: asked again, the server names them.
  await page.getByTestId('programme-make-projects-0').click();
  await expect(page.getByTestId('booked-pipes')).toBeVisible();

  // A project made opens in the planner.
  await first.click();
  await expect(page).toHaveURL(/\/planner$/);
  await expect(page.getByTestId('project-title')).toHaveText(projectName);
});

test('a reader sees the programmes but cannot create, delete or make projects', async ({ page }) => {
  test.setTimeout(120_000);
  await new LoginPage(page).logInToHome(ACCOUNTS.viewer);
  const planner = new PlannerPage(page);
  await planner.open();
  await page.getByTestId('planner-programme').click();
  await expect(page.getByTestId('programme-view')).toBeVisible();
  await expect(page.getByTestId('programme-form')).toBeHidden();
  await expect(page.getByTestId('programme-new')).toBeHidden();
  const items = page.getByTestId('programme-item');
  if ((await items.count()) > 0) {
    await items.first().getByRole('button').first().click();
    await expect(page.getByTestId('programme-delete')).toHaveCount(0);
    await expect(
      page.getByTestId('programme-result').or(page.getByTestId('programme-progress')),
    ).toBeVisible();
    await expect(page.getByTestId('programme-make-projects-0')).toBeHidden();
  }
});
