import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { waitForNoAnalysisUnderway } from './support/session-api.ts';
import { Shell } from './support/shell.ts';

// The virtual pipes of the demo town (spec 001 §2, §4, §9; docs/api-virtual-pipes.md): a worker opens the table
// from the Data menu (25 rows, id ascending), corrects two imputed install years at once, restores one (each after
// a confirmation, with a report of what changed), draws the sampling test (the phase becomes Finalized), is refused
// the merge while the sample is unverified (issue 38), records the values found in the field for the sample only
// and merges after a confirmation naming what changes (Merged: the correction and the field values are provided). The accuracy figures are asserted in
// apps/server/test/virtual-pipes.phase.test.ts (which pipes a seeded sample holds depends on the town).

test.use({ viewport: { width: 1440, height: 900 } });

test('a worker corrects, samples, verifies the sample in the field and merges the virtual pipes', async ({
  page,
}) => {
  test.setTimeout(180_000);
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
  const select = async (testId: string, option: string) => {
    await page.getByTestId(testId).locator('..').getByRole('combobox').click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };
  const confirmDialog = page.getByTestId('confirm-dialog');

  // Two pipes whose install year is imputed get one correction.
  await select('vp-filter-status', 'Imputed or unknown');
  await select('vp-filter-attribute', 'Install year');
  // The demo town's install years are too sparse to estimate: its pipes without one read Unknown (issue 15).
  await expect(rows.first().getByTestId(/install_year-status$/)).toHaveText(/^(Imputed|Unknown)$/);
  const [first, second] = (await rows.locator('td:nth-child(2)').allTextContents()).map(Number);
  await page.getByTestId(`vp-select-${first}`).check();
  await page.getByTestId(`vp-select-${second}`).check();
  await expect(page.getByTestId('vp-selected-count')).toHaveText('2 pipes selected');
  // The bar acts on the attribute the table is filtered to (issue 38).
  await expect(page.getByTestId('vp-bulk-attribute')).toHaveValue('install_year');
  await page.getByTestId('vp-bulk-value').fill('1961');
  await page.getByTestId('vp-bulk-override').click();
  await expect(confirmDialog).toContainText('Set Install year to 1961 on 2 selected pipes?');
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('vp-bulk-bar')).toBeHidden();
  await expect(page.getByText('Install year changed on 2 of 2 pipes')).toBeVisible();

  // Both read Overridden (beside any pipe another story corrected: map.spec edits one of this town's pipes);
  // restoring one brings its AI value back.
  await select('vp-filter-status', 'Overridden');
  await expect(page.getByTestId(`vp-row-${first}`)).toBeVisible();
  await expect(page.getByTestId(`vp-row-${second}`)).toBeVisible();
  await expect(page.getByTestId(`vp-${first}-install_year`)).toContainText('1961');
  await page.getByTestId(`vp-select-${first}`).check();
  await page.getByTestId('vp-bulk-restore').click();
  await expect(confirmDialog).toContainText('Remove the correction of Install year from 1 selected pipe');
  await page.getByTestId('confirm-action').click();
  await expect(page.getByText('AI value of Install year restored on 1 of 1 pipes')).toBeVisible();
  await expect(page.getByTestId(`vp-row-${first}`)).toHaveCount(0);
  await expect(page.getByTestId(`vp-row-${second}`)).toBeVisible();

  // The sampling test finalizes; the merge is refused to a worker while the sample is not verified (issue 38).
  await page.getByTestId('vp-sample-size').fill('10');
  await page.getByTestId('vp-draw-sample').click();
  await expect(page.getByTestId('vp-phase')).toHaveText('Finalized');
  await expect(page.getByTestId('vp-sample')).toContainText('Sample of 10 pipes');
  await expect(page.getByTestId('vp-sample')).toContainText('0 verified in the field, 10 not yet');
  await page.getByTestId('vp-merge').click();
  await expect(page.getByTestId('vp-merge-question')).toContainText(
    '10 of the sample of 10 are not verified.',
  );
  await expect(page.getByTestId('vp-merge-admin-only')).toBeVisible();
  await expect(page.getByTestId('vp-merge-override')).toHaveCount(0);
  await page.getByTestId('vp-merge-cancel').click();
  await expect(page.getByTestId('vp-phase')).toHaveText('Finalized');

  // A crew checks the sampled pipes: the table lists the sample only, one estimated attribute at a time. The table
  // may already show the first attribute, whose sample listing then came with the Sample toggle, before any wait
  // for it could start: every sample listing is kept as it arrives, the newest per attribute.
  type Listing = { virtual_pipes: { id: number }[] };
  const sampleListings = new Map<string, Listing>();
  page.on('response', (r) => {
    const attribute = /[?&]attribute=([a-z_]+)/.exec(r.url())?.[1];
    if (!/\/virtual_pipes\?/.test(r.url()) || !attribute || !r.url().includes('sample=true')) return;
    if (!/[?&]status=/.test(r.url())) return;
    void r.json().then(
      (body: Listing) => sampleListings.set(attribute, body),
      () => undefined,
    );
  });
  await select('vp-filter-status', 'Imputed or unknown');
  await page.getByTestId('vp-filter-sample').check();
  for (const [attribute, label] of [
    ['install_year', 'Install year'],
    ['diameter', 'Diameter'],
    ['material_type_code', 'Material'],
  ] as const) {
    await select('vp-filter-attribute', label);
    await expect.poll(() => sampleListings.has(attribute), { timeout: 60_000 }).toBe(true);
    const listed = sampleListings.get(attribute)!;
    if (!listed.virtual_pipes.length) continue;
    await expect(page.getByTestId(`vp-row-${listed.virtual_pipes[0]!.id}`)).toBeVisible();
    await expect(rows.getByTestId(/-sample$/)).toHaveCount(listed.virtual_pipes.length);
    await page.getByTestId('vp-select-page').check();
    if (attribute === 'material_type_code') {
      await page.getByTestId('vp-bulk-value').locator('..').getByRole('combobox').click();
      await page.getByRole('option').first().click();
    } else {
      await page.getByTestId('vp-bulk-value').fill(attribute === 'diameter' ? '6' : '1958');
    }
    await page.getByTestId('vp-bulk-verify').click();
    await expect(confirmDialog).toContainText(`Record ${label}`);
    await page.getByTestId('confirm-action').click();
    await expect(page.getByTestId('vp-bulk-bar')).toBeHidden();
    await expect(page.getByTestId('vp-bulk-error')).toBeHidden();
  }
  await expect(page.getByTestId('vp-sample')).toContainText('10 verified in the field, 0 not yet');

  // Verified: the merge asks, naming what it writes, and makes the correction and the field values provided.
  await page.getByTestId('vp-merge').click();
  await expect(confirmDialog).toContainText(/Merge \d+ imputed values \(Install year: \d+, Diameter: \d+/);
  await expect(confirmDialog).toContainText('Every sampled pipe is verified in the field.');
  await page.getByTestId('confirm-action').click();
  await expect(page.getByTestId('vp-phase')).toHaveText('Merged');
  await expect(page.getByText(/pipes merged into the network/)).toBeVisible();
  await page.screenshot({ path: 'test-results/vp-merged.png' });
  // Nothing is overridden any more: the corrections became provided values.
  await page.getByTestId('vp-filter-sample').uncheck();
  await select('vp-filter-attribute', 'Any attribute');
  await select('vp-filter-status', 'Overridden');
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
