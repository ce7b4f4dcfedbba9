import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { NO_DATA_COLOR } from '@pipewise/domain';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { MapPage } from './support/map-page.ts';

// The map screen on the demo town (issue 5): views and legend, filters, boundaries, details, edits, saved filters
// and the PDF. Each story waits for the demo analysis the server runs after seeding (the overlay goes away).

const logIn = (page: Page, email: string) => new LoginPage(page).logInToHome(email);

test('a worker switches through every view and the legend and the map follow', async ({ page }) => {
  test.setTimeout(360_000);
  await logIn(page, ACCOUNTS.worker);
  const map = new MapPage(page);
  await map.open();
  const aliases = await map.viewAliases();
  // The demo client holds every subscription: every production-ready view is offered (length is not).
  expect(aliases).toEqual(
    expect.arrayContaining(['percentile', 'highest', 'lof', 'population', 'install-year', 'material', 'cof']),
  );
  expect(aliases).not.toContain('length');

  let previousColour = '';
  for (const alias of aliases) {
    await map.viewItem(alias).click();
    await expect(page).toHaveURL(new RegExp(`/map/${alias}$`));
    await expect(map.legend()).toBeVisible();
    await expect(map.map(), `${alias} repaints the map`).not.toHaveAttribute(
      'data-view-color',
      previousColour,
    );
    previousColour = (await map.map().getAttribute('data-view-color')) ?? '';
    await map.waitDrawn();
    const colours = await map.legendColours();
    const counts = await map.mapColourCounts(colours);
    const drawn = counts.reduce((a, b) => a + b, 0);
    expect(drawn, `${alias}: pipes drawn in the legend's colours (${counts.join(',')})`).toBeGreaterThan(200);
  }
});

test('filtering by installation year hides the pipes outside the range', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, ACCOUNTS.worker);
  const map = new MapPage(page);
  await map.open('install-year');
  const colours = await map.legendColours();
  const sum = (counts: number[], from: number, to: number) =>
    counts.slice(from, to).reduce((a, b) => a + b, 0);
  const before = await map.mapColourCounts(colours, 10);
  await map.openFilters();
  await map.filterRange('installYear', '1960', '1990');
  await expect(map.map()).not.toHaveAttribute('data-filter', 'none');
  await map.waitDrawn();
  const after = await map.mapColourCounts(colours, 10);
  // Tiers: <1920, 1920–40, 1940–60 | 1960–80, 1980–2000 | 2000–20, ≥2020. The first three are outside the range.
  const outside = [sum(before, 0, 3), sum(after, 0, 3)];
  const inside = [sum(before, 3, 5), sum(after, 3, 5)];
  const seen = `before ${before.join(',')} after ${after.join(',')}`;
  expect(outside[0], seen).toBeGreaterThan(20);
  expect(outside[1], seen).toBeLessThanOrEqual(outside[0]! * 0.1 + 5);
  // 1960–80 stays whole, 1980–2000 in part (to 1990).
  expect(inside[1], seen).toBeGreaterThan(inside[0]! * 0.25);

  // MAP-VIEW-14: choosing another view resets the filters.
  await map.viewItem('lof').click();
  await expect(map.map()).toHaveAttribute('data-filter', 'none');
});

test('a planner draws a boundary and gets the assets inside it', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, ACCOUNTS.worker);
  const map = new MapPage(page);
  await map.open('install-year');
  await map.openFilters();
  await page.getByRole('tab', { name: 'Planner' }).click();
  await page.getByTestId('boundary-select').click();
  await expect(map.map()).toHaveAttribute('data-draw-mode', 'draw_rectangle');
  const box = await map.map().boundingBox();
  if (!box) throw new Error('no map box');
  const cy = box.y + box.height / 2;
  // The filters pane leaves the map under 760 px at 1280: the legend folds to its button (issue 36); draw left of it.
  await expect(map.legend()).toBeHidden();
  const legend = await page.getByTestId('legend-toggle').boundingBox();
  const right = Math.min(box.x + box.width / 2 + 80, (legend?.x ?? Infinity) - 8);
  await page.mouse.click(right - 160, cy - 60);
  await page.mouse.move(right, cy + 60, { steps: 5 });
  await page.mouse.click(right, cy + 60);
  await expect(map.map()).toHaveAttribute('data-draw-mode', 'off');
  await page.getByTestId('boundary-finalize').click();
  const count = page.getByTestId('boundary-count');
  await expect(count).toBeVisible();
  expect(Number(await count.getAttribute('data-count'))).toBeGreaterThan(0);
  await expect(map.map()).not.toHaveAttribute('data-filter', 'none');
  await page.getByTestId('boundary-delete-all').click();
  await expect(count).toBeHidden();
});

test('a saved filter set comes back with Restore → Apply', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, ACCOUNTS.worker);
  const map = new MapPage(page);
  await map.open('install-year');
  await map.openFilters();
  await map.filterRange('installYear', '1950', '1980');
  const filtered = await map.map().getAttribute('data-filter');
  expect(filtered).not.toBe('none');

  await map.filterButton('Save').click();
  const dialog = map.savedFiltersDialog();
  await expect(dialog.getByTestId('saved-filter-name')).not.toHaveValue('', { timeout: 30_000 });
  await dialog.getByTestId('saved-filter-name').fill('Old cast iron');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await map.filterButton('Reset').click();
  await expect(map.map()).toHaveAttribute('data-filter', 'none');

  await map.filterButton('Restore').click();
  const saved = map.savedFiltersDialog().getByTestId('saved-filter').filter({ hasText: 'Old cast iron' });
  await saved.getByRole('button', { name: 'Apply' }).click();
  await expect(map.map()).toHaveAttribute('data-filter', filtered ?? '');
  await expect(page).toHaveURL(/\/map\/install-year$/);
});

test('the screenshot control saves an A4 landscape PDF with the title bar', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, ACCOUNTS.worker);
  const map = new MapPage(page);
  await map.open('lof');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('map-screenshot').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^pipewise-lof-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = readFileSync(await download.path()).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  const [, w, h] = /MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf) ?? [];
  expect(Number(w)).toBeCloseTo(841.89, 0); // 297 mm
  expect(Number(h)).toBeCloseTo(595.28, 0); // 210 mm
  // PDF strings escape parentheses, so the dataset name is checked without them.
  // Issue 38: the model is named for what it is — trained on this network's breaks — with the cost model in use.
  for (const text of [
    'Demo town',
    'Likelihood of failure',
    'LOF trained on this network',
    'cost model Default',
    'Total length',
  ]) {
    expect(pdf).toContain(text);
  }
  expect(pdf).toContain('/DCTDecode');
});

// Last: the edit queues a re-analysis, which on the embedded database holds its one connection for a while.
test('an engineer clicks a pipe, reads its risk, and corrects an imputed attribute', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, ACCOUNTS.worker);
  const map = new MapPage(page);
  await map.open('lof');
  await map.selectPipeNearCentre();
  await expect(page.getByTestId('pipe-id')).toBeVisible();
  await page.getByTestId('details-panel-lof-toggle').click();
  await expect(page.getByTestId('lof-row-12')).toContainText('%');
  await page.getByTestId('details-panel-cof-toggle').click();
  await expect(page.getByTestId('cof-level')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('details-panel-cof-content')).toContainText('$');

  await page.getByTestId('details-close').click();
  await expect(page.getByTestId('details-pane')).toBeHidden();

  // The install-year status view paints imputed years in the status palette's second colour: open one of those.
  await map.chooseView('install-year-status');
  const [, imputed] = await map.legendColours();
  const [greyBefore] = await map.mapColourCounts([NO_DATA_COLOR], 12);
  expect(await map.clickColour(imputed ?? '')).toBe(true);
  await expect(page.getByTestId('attribute-installYear-status')).toContainText('Imputed');
  await page.getByTestId('attribute-installYear-edit').click();
  const dialog = page.getByTestId('pipe-edit-dialog');
  await expect(dialog.getByTestId('likelihood-chart')).toBeVisible();
  await dialog.getByTestId('pipe-edit-value').fill('1975');
  await dialog.getByTestId('pipe-edit-confirm').click();
  // The dialog says what the edit did to the results (issue 38): re-scored in place, or left to a run under way.
  await expect(dialog.getByTestId('pipe-edit-outcome')).toContainText('Saved');
  await dialog.getByTestId('pipe-edit-close').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('attribute-installYear-status')).toContainText('Overridden');
  await expect(page.getByTestId('attribute-installYear-value')).toContainText('1975');

  // The server re-scores the pipe with the stored model in the edit itself (issue 14), so the map offers to refresh
  // (TOAST-08) at once; were the analysis to run again instead, waiting here keeps it from running under the next
  // stories.
  const refresh = page.getByTestId('toast-confirm');
  await expect(refresh).toBeVisible({ timeout: 240_000 });
  const tiles = await map.map().getAttribute('data-tiles');
  await refresh.click();
  await expect(refresh).toBeHidden();
  // The refreshed results come as tiles of a new folder.
  await expect(map.map()).not.toHaveAttribute('data-tiles', tiles ?? '');
  await map.waitDrawn();
  // After the refresh every pipe still has an install-year status: the imputed ones keep their colour and none
  // falls back to the grey of 'no data'.
  const [provided, stillImputed, overridden] = await map.legendColours();
  const [counts, grey] = await Promise.all([
    map.mapColourCounts([provided ?? '', stillImputed ?? '', overridden ?? ''], 12),
    map.mapColourCounts([NO_DATA_COLOR], 12),
  ]);
  expect(counts[1], `imputed pipes drawn after the refresh (${counts.join(',')})`).toBeGreaterThan(20);
  expect(grey[0], `no pipe lost its status (grey before ${greyBefore})`).toBeLessThan((greyBefore ?? 0) + 20);
});
