import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { MapPage } from './support/map-page.ts';
import { PlannerPage } from './support/planner-page.ts';

// COF scenarios on the demo town (spec 001 §2–§4): an administrator copies the country default into a scenario of
// their own, puts it in use, raises what customers without water cost and watches COF and BRE run again with it;
// then switches back to the default from the planner, which goes by the scenarios page and returns.

// A re-run prices the whole town again: minutes, not seconds.
const RERUN_MS = 240_000;

/** The COF scenario screens as a user drives them. */
class CofScenariosPage {
  constructor(private readonly page: Page) {}

  defaultRow(): Locator {
    return this.page.getByTestId('cof-default-row');
  }

  row(name: string): Locator {
    return this.page.getByTestId('cof-scenario-row').filter({
      has: this.page.getByTestId('cof-scenario-name').getByText(name, { exact: true }),
    });
  }

  /** 'Copy to edit' on the default, named as given; lands in the new scenario's editor. */
  async copyDefault(name: string) {
    await this.defaultRow().getByTestId('cof-copy-default').click();
    await this.page.getByTestId('cof-create-name').fill(name);
    await this.page.getByTestId('cof-create-submit').click();
    await expect(this.page).toHaveURL(/\/cof\/scenarios\/\d+$/);
    await expect(this.page.getByTestId('cof-editor-name')).toHaveValue(name);
  }

  /** Turns a scenario on from the list, confirming that COF and BRE run again. */
  async use(name: string) {
    await this.row(name).getByTestId('cof-scenario-enabled').click();
    const dialog = this.page.getByTestId('confirm-dialog');
    await expect(dialog).toContainText('COF and BRE are calculated again');
    await dialog.getByTestId('confirm-action').click();
    // The list is fetched again after the change; the server may be busy queueing the re-run.
    await expect(this.row(name)).toHaveAttribute('data-enabled', 'true', { timeout: 30_000 });
  }

  runState(scope: Locator = this.page.getByTestId('cof-editor')): Locator {
    return scope.getByTestId('run-state');
  }

  tierField(cost: string, tier: string): Locator {
    return this.page.getByTestId(`cost-${cost}-${tier}`);
  }

  async save() {
    await this.page.getByTestId('cof-save').click();
  }
}

/** A 12 in main of the demo town (8–16 in: tier d3), found with the map's search. */
const D3_PIPE = 'WM-000008';

/** What a user reads of one pipe's consequence: its details' COF panel, opened from the map's search. */
async function pipeCof(page: Page): Promise<{ noWater: string; total: string }> {
  await new MapPage(page).open('cof');
  await page.getByTestId('map-search-input').fill(D3_PIPE);
  await page.getByTestId('map-search-input').press('Enter');
  await expect(page.getByTestId('pipe-native-id')).toContainText(D3_PIPE);
  await page.getByTestId('details-panel-cof-toggle').click();
  await expect(page.getByTestId('cof-level')).toBeVisible({ timeout: 15_000 });
  return {
    noWater: (await page.getByTestId('cof-noWater').innerText()).trim(),
    total: (await page.getByTestId('cof-cofTotal').innerText()).trim(),
  };
}

/** The COF report's cost-code table (direct, indirect, total, custom) as its reader sees it. */
async function cofReportCodes(page: Page): Promise<string[]> {
  await page.goto('/reports/cof');
  const rows = page.getByTestId('report-table-cof_average').locator('tbody tr');
  await expect(rows).toHaveCount(4, { timeout: 30_000 });
  return rows.allInnerTexts();
}

/** '$1.2k' → 1200: enough to compare two amounts the UI formatted the same way. */
function money(text: string): number {
  const m = /([\d.,]+)\s*([kM]?)/.exec(text.replace(/\u00a0/g, ' '));
  if (!m) throw new Error(`no amount in '${text}'`);
  return Number(m[1]!.replace(/,/g, '')) * ({ k: 1e3, M: 1e6 }[m[2] as 'k' | 'M'] ?? 1);
}

test.use({ viewport: { width: 1600, height: 900 } });

test('an administrator copies the default, puts it in use, edits a cost and switches back from the planner', async ({
  page,
}, testInfo) => {
  test.setTimeout(900_000);
  const name = `Dry summer${testInfo.retry > 0 ? ` (retry ${testInfo.retry})` : ''}`;
  await new LoginPage(page).logInToHome(ACCOUNTS.admin);
  // The demo town as the current network, analysed (the stories share one database).
  const planner = new PlannerPage(page);
  await planner.open();

  // COF-RT-01: the sub-bar's scenario button opens the list, the default first and read-only.
  await page.getByTestId('scenario-button').click();
  await expect(page).toHaveURL(/\/cof\/scenarios$/);
  const cof = new CofScenariosPage(page);
  await expect(cof.defaultRow().getByTestId('cof-scenario-name')).toHaveText('Default (USD)');
  await expect(cof.defaultRow()).toContainText('Read-only');

  // A copy of the default, put in use: COF and BRE run again with it.
  await cof.copyDefault(name);
  await page.getByRole('link', { name: 'All COF scenarios' }).click();
  await cof.use(name);
  await expect(cof.runState(cof.row(name))).toHaveAttribute('data-state', 'current', { timeout: RERUN_MS });

  // What the d3 pipe and the COF report say with the copy's (default) costs.
  const before = await pipeCof(page);
  const codesBefore = await cofReportCodes(page);
  await page.goto('/cof/scenarios');

  // COF-RT-03: its editor; customers without water cost more in the 8–16 in band.
  await cof.row(name).getByTestId('cof-scenario-open').click();
  await expect(cof.tierField('customerNoWater', 'd3')).toBeVisible();
  await expect(page.getByTestId('cost-customerNoWater').getByTestId('cost-unit')).toHaveText(
    'Standard calculation · USD per person-hour',
  );
  await expect(page.getByTestId('cost-customerNoWater').getByLabel('D3 · 8 – 16 in')).toBeVisible();
  // A negative amount is refused, naming the field.
  await cof.tierField('customerNoWater', 'd3').fill('-2');
  await expect(page.getByTestId('cost-customerNoWater')).toContainText('Enter 0 or more.');
  await cof.save();
  await expect(page.getByTestId('cof-validation')).toContainText(
    'Customers without water (Standard calculation), D3',
  );
  await cof.tierField('customerNoWater', 'd3').fill('3.5');
  await cof.save();
  await expect(page.getByTestId('toast')).toHaveText(
    'The scenario was saved. COF and BRE are being calculated again for the network.',
  );
  await expect(cof.runState()).toHaveAttribute('data-state', 'running');
  await expect(cof.runState()).toHaveAttribute('data-state', 'current', { timeout: RERUN_MS });
  await expect(page.getByTestId('cof-results-ready')).toContainText('Refresh map');
  // Saved: opened afresh, the value is the one sent.
  await page.reload();
  await expect(cof.tierField('customerNoWater', 'd3')).toHaveValue('3.5');

  // The d3 pipe's customers without water now cost 3.5 instead of 2 per person-hour (× 1.75; the UI shows two
  // significant digits), its COF rose with it, and the COF report's indirect and total costs changed with it; its direct
  // cost did not.
  const after = await pipeCof(page);
  // Issue 38: the cost model of the figures on screen is named alike in the sub-bar and the details pane.
  await expect(page.getByTestId('scenario-button')).toHaveText(name);
  await expect(page.getByTestId('cof-model')).toContainText(name);
  expect(money(before.noWater)).toBeGreaterThan(0);
  const ratio = money(after.noWater) / money(before.noWater);
  expect(ratio > 1.5 && ratio < 2).toBe(true);
  expect(money(after.total)).toBeGreaterThan(money(before.total));
  const codesAfter = await cofReportCodes(page);
  await expect(page.getByTestId('report-header')).toContainText(name);
  expect(codesAfter[0]).toBe(codesBefore[0]);
  expect(codesAfter[1]).not.toBe(codesBefore[1]);
  expect(codesAfter[2]).not.toBe(codesBefore[2]);
  // …and the COF export file made now is named after it too.
  await page.goto('/data/export');
  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'COF and total risk' }).click();
  await page.getByTestId('new-export-submit').click();
  await expect(page.locator('[data-testid^="export-row-"]').filter({ hasText: name }).first()).toBeVisible({
    timeout: 30_000,
  });

  // COF-SW-01…04 / TOAST-22: from the planner back to the default, by way of the scenarios page.
  await planner.open();
  const button = page.getByTestId('cof-scenario-switch');
  await expect(button).toHaveText(name);
  await button.click();
  await page.getByRole('menuitem', { name: 'Default (USD)' }).click();
  await expect(page.getByTestId('toast')).toHaveText('Switching COF scenario to Default (USD)…');
  // The server queues the re-run meanwhile; on the embedded database that can take a few seconds.
  await expect(page).toHaveURL(/\/planner$/, { timeout: 30_000 });

  // The town is priced with the default again before the next story opens its map.
  await page.goto('/cof/scenarios');
  await expect(cof.defaultRow()).toHaveAttribute('data-enabled', 'true');
  await expect(cof.runState(cof.defaultRow())).toHaveAttribute('data-state', 'current', {
    timeout: RERUN_MS,
  });
  // Issue 38: once the default's figures are the ones served, the switch and the sub-bar name it (until then they
  // name the scenario whose figures are still on screen).
  await planner.open();
  await expect(page.getByTestId('cof-scenario-switch')).toHaveText('Default (USD)');
  await expect(page.getByTestId('scenario-button')).toHaveText('Default (USD)');
});
