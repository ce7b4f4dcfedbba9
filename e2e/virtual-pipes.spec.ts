import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { waitForNoAnalysisUnderway } from './support/session-api.ts';
import { Shell } from './support/shell.ts';

// The virtual pipes of the demo town (spec 001 §2, §4, §9; docs/api-virtual-pipes.md): a worker opens the table
// from the Data menu (25 rows, id ascending), corrects two imputed install years at once, restores one, draws the
// sampling test (the phase becomes Finalized), records a value found in the field and merges (Merged: the
// correction and the field value are now provided values). The accuracy figures are asserted in
// apps/server/test/virtual-pipes.phase.test.ts (which pipes a seeded sample holds depends on the town).

test.use({ viewport: { width: 1440, height: 900 } });

test('a worker corrects, samples and merges the virtual pipes', async ({ page }) => {
  const login = new LoginPage(page);
  // Waits for the user menu too: a nav click while the session is still settling was lost (1 run in 2).
  await login.logInToHome(ACCOUNTS.worker);

  await new Shell(page).openNavGroup('data');
  await page.getByTestId('nav-item-data-virtual-pipes').click();
  await expect(page).toHaveURL(/\/data\/virtual-pipes$/);
  const table = page.getByTestId('virtual-pipes-table');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(25);
  // Sorted by id ascending by default (VP-05).
  const ids = (await rows.locator('td:nth-child(2)').allTextContents()).map(Number);
  expect(ids).toEqual([...ids].sort((a, b) => a - b));
  await expect(page.getByTestId('vp-phase')).toHaveText('Initial');

  // Two pipes whose install year is imputed get one correction.
  await page.getByTestId('vp-filter-status').locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Imputed or unknown', exact: true }).click();
  await page.getByTestId('vp-filter-attribute').locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Install year', exact: true }).click();
  // The demo town's install years are too sparse to estimate: its pipes without one read Unknown (issue 15).
  await expect(rows.first().getByTestId(/install_year-status$/)).toHaveText(/^(Imputed|Unknown)$/);
  const [first, second] = (await rows.locator('td:nth-child(2)').allTextContents()).map(Number);
  await page.getByTestId(`vp-select-${first}`).check();
  await page.getByTestId(`vp-select-${second}`).check();
  await expect(page.getByTestId('vp-selected-count')).toHaveText('2 pipes selected');
  await page.getByTestId('vp-bulk-bar').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Install year', exact: true }).click();
  await page.getByTestId('vp-bulk-value').fill('1961');
  await page.getByTestId('vp-bulk-override').click();
  await expect(page.getByTestId('vp-bulk-bar')).toBeHidden();

  // Both read Overridden (beside any pipe another story corrected: map.spec edits one of this town's pipes);
  // restoring one brings its AI value back.
  await page.getByTestId('vp-filter-status').locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Overridden', exact: true }).click();
  await expect(page.getByTestId(`vp-row-${first}`)).toBeVisible();
  await expect(page.getByTestId(`vp-row-${second}`)).toBeVisible();
  await expect(page.getByTestId(`vp-${first}-install_year`)).toContainText('1961');
  await page.getByTestId(`vp-select-${first}`).check();
  await page.getByTestId('vp-bulk-bar').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Install year', exact: true }).click();
  await page.getByTestId('vp-bulk-restore').click();
  await expect(page.getByTestId(`vp-row-${first}`)).toHaveCount(0);
  await expect(page.getByTestId(`vp-row-${second}`)).toBeVisible();

  // The sampling test finalizes; the merge makes the correction a provided value.
  await page.getByTestId('vp-sample-size').fill('10');
  await page.getByTestId('vp-draw-sample').click();
  await expect(page.getByTestId('vp-phase')).toHaveText('Finalized');
  await expect(page.getByTestId('vp-sample')).toContainText('Sample of 10 pipes');
  // A crew found the true install year of an imputed pipe.
  await page.getByTestId('vp-filter-status').locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Imputed or unknown', exact: true }).click();
  const checked = Number(await rows.first().locator('td:nth-child(2)').textContent());
  await page.getByTestId(`vp-select-${checked}`).check();
  await page.getByTestId('vp-bulk-bar').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Install year', exact: true }).click();
  await page.getByTestId('vp-bulk-value').fill('1958');
  await page.getByTestId('vp-bulk-verify').click();
  await expect(page.getByTestId('vp-bulk-bar')).toBeHidden();
  await expect(page.getByTestId('vp-bulk-error')).toBeHidden();
  await page.getByTestId('vp-merge').click();
  await expect(page.getByTestId('vp-phase')).toHaveText('Merged');
  // The verified pipe's install year is now provided: it left the imputed list.
  await expect(page.getByTestId(`vp-row-${checked}`)).toBeHidden();
  await page.getByTestId('vp-filter-status').locator('..').getByRole('combobox').click();
  await page.getByRole('option', { name: 'Overridden', exact: true }).click();
  await expect(page.getByTestId('vp-draw-sample')).toBeHidden();
  await expect(page.getByTestId('vp-empty')).toBeVisible();
});

test("a pipe's details open its row of the virtual pipes table, on the page that holds it", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await new LoginPage(page).logInToHome(ACCOUNTS.viewer);
  // The story before merged the virtual pipes, which re-analyses the town on the two cores this browser renders
  // on: with the map's tiles and the analysis sharing them, the app's requests took up to 10 s in one run (the
  // server alone answers within 0.7 s meanwhile, `npm run bench edit-stall`). This story is about the way from a
  // pipe's details to its row, so it starts once that analysis is done.
  await waitForNoAnalysisUnderway(page);
  // A pipe of the table's second page, as a user would meet it on the map.
  await page.goto('/data/virtual-pipes');
  const rows = page.getByTestId('virtual-pipes-table').locator('tbody tr');
  await expect(rows).toHaveCount(25);
  await page
    .getByTestId('vp-pagination')
    .getByRole('button', { name: /next page/i })
    .click();
  await expect(page.getByTestId('vp-pagination')).toContainText('26–50');
  // A viewer's table has no selection column: the id is read from the row itself.
  const id = Number((await rows.nth(3).getAttribute('data-testid'))?.replace('vp-row-', ''));
  expect(id).toBeGreaterThan(0);

  await page.goto(`/map/lof?pipe=${id}`);
  await expect(page.getByTestId('pipe-id')).toHaveText(`Pipe ${id}`, { timeout: 60_000 });
  await page.getByTestId('attributes-open-virtual-pipes').click();
  await expect(page).toHaveURL(new RegExp(`/data/virtual-pipes\\?pipe=${id}$`));
  await expect(page.getByTestId(`vp-row-${id}`)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('vp-pagination')).toContainText('26–50');
  await page.screenshot({ path: 'test-results/vp-opened-from-details.png' });
});
