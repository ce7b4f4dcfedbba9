import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { MapPage } from './support/map-page.ts';
import { attachmentText, latestMailTo } from './support/outbox.ts';
import { countColours, findColour } from './support/pixels.ts';
import { Shell } from './support/shell.ts';

// The map beyond the pipes view: another language, search, the other layer groups and the export by e-mail.
// Stories use the worker and the viewer: the admin's current dataset is whatever import.spec opened last.

const logIn = (page: Page, email: string) => new LoginPage(page).logInToHome(email);

test('the map reads in Japanese: view menu, legend and filters', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, ACCOUNTS.viewer);
  const map = new MapPage(page);
  await map.open('lof');
  await new Shell(page).chooseLanguage('ja');
  await expect(page.getByTestId('legend-title')).toHaveText('破損確率');
  await expect(map.viewItem('diameter')).toContainText('口径');
  await expect(page.getByTestId('legend-tiers')).toContainText('%');
  await map.viewItem('diameter').click();
  // A US user keeps imperial units in any language: diameters in inches.
  await expect(page.getByTestId('legend-tiers')).toContainText('in');
  await new Shell(page).chooseLanguage('en');
});

test("the view menu shows every view's whole name in every language", async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, ACCOUNTS.viewer);
  const map = new MapPage(page);
  await map.open('lof');
  await new Shell(page).inEveryLanguage(async (language) => {
    // A name cut to 'Variazione della popolazi…' had no tooltip to finish it in the open menu.
    const cut = await page
      .locator('[data-testid^="view-"] .MuiListItemText-primary')
      .evaluateAll((nodes) =>
        nodes.filter((node) => node.scrollWidth > node.clientWidth + 1).map((node) => node.textContent),
      );
    expect(cut, language).toEqual([]);
  });
});

test('search opens a pipe by its native id', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, ACCOUNTS.viewer);
  const map = new MapPage(page);
  await map.open('lof');
  const before = await map.map().getAttribute('data-center');
  await page.getByTestId('map-search-input').fill('WM-000020');
  await page.getByTestId('map-search-input').press('Enter');
  await expect(page.getByTestId('pipe-native-id')).toContainText('WM-000020');
  await expect(map.map()).not.toHaveAttribute('data-center', before ?? '');
  await page.getByTestId('map-search-input').fill('no-such-pipe-xyz');
  await page.getByTestId('map-search-input').press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Pipes not found');
});

test('districts and valve isolation segments open their own details', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, ACCOUNTS.viewer);
  const map = new MapPage(page);
  await map.open('lof');
  await page.getByRole('combobox', { name: 'Map view' }).click();
  await page.getByTestId('layer-group-district').click();
  await expect(map.map()).toHaveAttribute('data-group', 'district');
  await map.waitDrawn();
  await map.clickCentre();
  await expect(page.getByTestId('area-details')).toBeVisible();
  await expect(page.getByTestId('area-name')).not.toBeEmpty();

  await page.getByRole('combobox', { name: 'Map view' }).click();
  await page.getByTestId('layer-group-vis').click();
  await expect(map.map()).toHaveAttribute('data-group', 'vis');
  await expect(page.getByTestId('details-pane')).toBeHidden(); // LAYER-04: the selection is cleared
  await map.waitDrawn();
  await map.selectNearCentre('vis-details');
  await expect(page.getByTestId('vis-lof-row-12')).toBeVisible();
  await expect(page.getByTestId('vis-pipes').locator('[data-testid="vis-pipes-item"]').first()).toBeVisible();
});

test('Export assets mails the pipes the filters leave visible', async ({ page }) => {
  test.setTimeout(300_000);
  await logIn(page, ACCOUNTS.worker);
  const map = new MapPage(page);
  await map.open('install-year');
  // Zoomed in: the map has loaded a part of the town only, so the filter itself must reach the server (the ids
  // the map can name as hidden are those of its loaded tiles).
  await map.zoomIn(2);
  await map.openFilters();
  await map.filterRange('installYear', '1960', '1990');
  await expect(map.map()).not.toHaveAttribute('data-filter', 'none');
  await map.waitDrawn();
  await page.getByTestId('export-assets').click();
  await expect(page.getByTestId('toast')).toContainText(ACCOUNTS.worker);
  await expect
    .poll(async () => (await latestMailTo(ACCOUNTS.worker))?.attachments?.length ?? 0, {
      timeout: 60_000,
    })
    .toBeGreaterThan(0);
  const mail = await latestMailTo(ACCOUNTS.worker);
  const csv = (await attachmentText(mail!))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const header = csv[0]!.split(',');
  const year = header.indexOf('install_year');
  expect(year).toBeGreaterThanOrEqual(0);
  const rows = csv.slice(1);
  expect(rows.length).toBeGreaterThan(10);
  expect(rows.length).toBeLessThan(3000);
  for (const row of rows) {
    const value = Number(row.split(',')[year]);
    expect(value).toBeGreaterThanOrEqual(1960);
    expect(value).toBeLessThanOrEqual(1990);
  }
});

test('a demo visitor sees the demo map theme, a staff member the normal one', async ({ page }) => {
  test.setTimeout(240_000);
  // LAYER-17: without configured basemap styles the map is a plain background, warmer for demo visitors.
  const backgrounds = async () => {
    const map = new MapPage(page);
    await map.open();
    await page.mouse.move(0, 0);
    const png = await map.map().locator('canvas').screenshot();
    return countColours(png, ['#f2ede4', '#e9eef3'], 4);
  };
  await logIn(page, ACCOUNTS.guest);
  const [demoForGuest, plainForGuest] = await backgrounds();
  expect(demoForGuest, `demo background pixels (plain: ${plainForGuest})`).toBeGreaterThan(
    plainForGuest! * 10,
  );
  await new Shell(page).logOut();

  await logIn(page, ACCOUNTS.viewer);
  const [demoForViewer, plainForViewer] = await backgrounds();
  expect(plainForViewer, `plain background pixels (demo: ${demoForViewer})`).toBeGreaterThan(
    demoForViewer! * 10,
  );
});

test('switching the map theme swaps the map quietly (issue 15: the boundary drawing failed to stop)', async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  await logIn(page, ACCOUNTS.worker);
  const map = new MapPage(page);
  await map.open();
  await map.waitDrawn();
  await page.getByTestId('theme-menu').click();
  await page.getByTestId('theme-dark').click();
  await map.waitDrawn();
  await page.getByTestId('theme-menu').click();
  await page.getByTestId('theme-light').click();
  await map.waitDrawn();
  expect(warnings.filter((w) => w.includes('boundary drawing'))).toEqual([]);
});

test('the demo town lies on its own streets, and the legend names every layer that is on', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await logIn(page, ACCOUNTS.viewer);
  const map = new MapPage(page);
  await map.open('install-year');
  // Issue 15: the synthetic town is drawn on its generated streets and blocks, named with the synthetic note.
  await expect(map.map()).toHaveAttribute('data-basemap', 'demo-town');
  const layers = page.getByTestId('legend-layers');
  await expect(layers.locator('li')).toHaveText([
    'Pipes',
    /^Streets and blocks \(demo town\).*not a real place$/,
  ]);

  // An asset layer turned on joins the legend with its symbol, and leaves it when turned off.
  const hydrants = page.getByTestId('legend-layer-hydrants');
  await expect(hydrants).toHaveCount(0);
  await page.getByTestId('asset-layers-menu').click();
  await page.getByTestId('asset-layer-hydrants').click();
  await page.keyboard.press('Escape');
  await expect(hydrants).toHaveText('Hydrants');
  await expect(hydrants.getByTestId('legend-symbol')).toHaveAttribute('data-shape', 'circle');
  await expect(layers.locator('li').first()).toHaveText('Hydrants');

  await page.getByTestId('population-toggle').click();
  await expect(page.getByTestId('legend-layer-population')).toContainText('Population');

  await page.getByTestId('asset-layers-menu').click();
  await page.getByTestId('asset-layer-hydrants').click();
  await page.keyboard.press('Escape');
  await expect(hydrants).toHaveCount(0);
  await page.getByTestId('population-toggle').click();
  await expect(page.getByTestId('legend-layer-population')).toHaveCount(0);
});

test('hovering a break shows its popup in words, in English and in Japanese (issue 15: raw keys)', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await logIn(page, ACCOUNTS.viewer);
  const map = new MapPage(page);
  await map.open('install-year');
  await page.getByTestId('asset-layers-menu').click();
  await page.getByTestId('asset-layer-breaks').click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('legend-layer-breaks')).toHaveText('Breaks');

  const popup = page.locator('.pw-hover-popup');
  /** Hovers the first break drawn near the centre (the breaks’ near-black, #212121 in overlays.layers.ts). */
  const hoverBreak = async () => {
    await expect(async () => {
      await page.mouse.move(0, 0);
      const canvas = map.map().locator('canvas');
      const spot = findColour(await canvas.screenshot(), '#212121');
      expect(spot, 'a break drawn on the map').not.toBeNull();
      await canvas.hover({ position: spot! });
      await expect(popup).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
  };
  await hoverBreak();
  await expect(popup).toContainText(/^Break · Date: \d{4}-\d{2}-\d{2} · Pipe: \S+/);

  await new Shell(page).chooseLanguage('ja');
  await hoverBreak();
  await expect(popup).toContainText(/^破損 · 日付: \d{4}-\d{2}-\d{2} · 管路: \S+/);
  await expect(popup).not.toContainText('popup.');
  await new Shell(page).chooseLanguage('en');
});

test('overlays stay on over a reload, drawn as ringed badges; an address is found by its number and part of its street (issue 38)', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await logIn(page, ACCOUNTS.viewer);
  const map = new MapPage(page);
  await map.open('lof');
  await page.getByTestId('asset-layers-menu').click();
  await page.getByTestId('asset-layer-breaks').click();
  await page.getByTestId('asset-layer-hydrants').click();
  await page.keyboard.press('Escape');
  const breaks = page.getByTestId('legend-layer-breaks');
  const hydrants = page.getByTestId('legend-layer-hydrants');
  await expect(breaks).toHaveText('Breaks');

  await page.reload();
  await map.waitDrawn();
  await expect(breaks).toHaveText('Breaks');
  await expect(hydrants).toHaveText('Hydrants');
  // The legend draws the map's badge: the dot's colour in a white ring (overlays.layers.ts).
  await expect(breaks.getByTestId('legend-symbol')).toHaveAttribute('data-colors', '#212121');
  await expect(hydrants.getByTestId('legend-symbol')).toHaveAttribute('data-colors', '#1e88e5');
  await expect(breaks.getByTestId('legend-symbol')).toHaveAttribute('data-outline', '#ffffff');
  await map.zoomIn(1);
  await expect(async () => {
    const png = await map.map().locator('canvas').screenshot();
    expect(findColour(png, '#212121'), 'a break drawn').not.toBeNull();
    expect(findColour(png, '#1e88e5'), 'a hydrant drawn').not.toBeNull();
  }).toPass({ timeout: 60_000 });
  // docs/img/map-overlays.png is this page (the zoom control's tooltip moved out of the way).
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/map-overlays.png' });

  // An address of the town, as a user reads it off a pipe: '1200 Laurel Ave' is typed '1200 Lau'.
  await map.selectPipeNearCentre();
  const address = (await page.getByTestId('pipe-address').innerText()).trim();
  const [number, street] = address.split(' ');
  await page.getByTestId('details-close').click();
  const input = page.getByTestId('map-search-input');
  await input.fill(`${number} ${street!.slice(0, 3)}`);
  const first = page.getByRole('option').first();
  await expect(page.getByRole('option', { name: address, exact: true })).toBeVisible({ timeout: 15_000 });
  const chosen = (await first.innerText()).trim();
  // Enter over the suggestions goes to the first of them.
  await input.press('Enter');
  await expect(page.getByRole('option')).toHaveCount(0);
  await expect(input).toHaveValue(chosen);
  await expect(page.getByTestId('pipe-address')).toHaveText(chosen);
});
