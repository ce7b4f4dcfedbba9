import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { MapPage } from './support/map-page.ts';
import { Shell } from './support/shell.ts';

// Selection rules of the map screen (spec 000 §4): a view change clears the selection (MAP-VIEW-13), the grid
// setting's zoom threshold (SEL-04), and a server-backed switch that the server does not confirm (LAYER-34).

const logIn = (page: Page, email: string) => new LoginPage(page).logInToHome(email);

async function setGrid(page: Page, on: boolean) {
  await new Shell(page).openSettings();
  const grid = page.getByTestId('settings-grid');
  if ((await grid.isChecked()) !== on) {
    await grid.click();
    await expect(page.getByTestId('toast').filter({ hasText: /saved/i })).toBeVisible();
  }
  await expect(grid).toBeChecked({ checked: on });
}

test('changing the view closes the details of the selected pipe', async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, ACCOUNTS.worker);
  const map = new MapPage(page);
  await map.open('lof');
  await map.selectPipeNearCentre();
  await expect(page.getByTestId('details-pane')).toBeVisible();
  await map.viewItem('install-year').click();
  await expect(page).toHaveURL(/\/map\/install-year$/);
  await expect(page.getByTestId('details-pane')).toBeHidden();
});

test.describe('with the grid setting on', () => {
  test.afterEach(async ({ page }) => {
    // The viewer's setting is kept on the server: the other map stories click pipes at the town's zoom.
    await setGrid(page, false);
  });

  test('a pipe is selectable only once the map is zoomed in', async ({ page }) => {
    test.setTimeout(240_000);
    await logIn(page, ACCOUNTS.viewer);
    await setGrid(page, true);
    const map = new MapPage(page);
    await map.open('lof');
    // Below the threshold (zoom 14) a click explains instead of selecting.
    await page.getByTestId('zoom-out').click();
    await map.waitDrawn();
    await map.clickCentre();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Zoom in further to select assets' }),
    ).toBeVisible();
    await expect(page.getByTestId('details-pane')).toBeHidden();

    await map.zoomIn(4);
    await map.selectPipeNearCentre();
    await expect(page.getByTestId('pipe-id')).toBeVisible();
  });
});

test('the abandoned switch goes back when the server does not confirm it', async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, ACCOUNTS.worker);
  const map = new MapPage(page);
  await map.open('lof');
  await map.selectPipeNearCentre();
  const abandoned = page.getByTestId('attribute-abandoned');
  await expect(abandoned).not.toBeChecked();
  // The server answers the save with the pipe as it was (the change did not take): the PATCH is sent on as the
  // GET of the same asset, so the answer is the real, unchanged record.
  await page.route('**/api/datasets/*/assets/*', (route) =>
    route.request().method() === 'PATCH' ? route.continue({ method: 'GET', postData: '' }) : route.fallback(),
  );
  await abandoned.click();
  await expect(abandoned).toBeChecked();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'not been confirmed by the server' }),
  ).toBeVisible();
  await expect(abandoned).not.toBeChecked();
  await page.unrouteAll();
});

test('choosing an address puts a pin there and opens the pipe that carries it', async ({ page }) => {
  test.setTimeout(240_000);
  await logIn(page, ACCOUNTS.viewer);
  const map = new MapPage(page);
  await map.open('lof');
  // An address of the town, read off a pipe as a user would see it.
  await map.selectPipeNearCentre();
  const address = (await page.getByTestId('pipe-address').innerText()).trim();
  expect(address).toMatch(/^\d+ \S/);
  await page.getByTestId('details-close').click();
  await expect(page.getByTestId('details-pane')).toBeHidden();

  await page.getByTestId('map-search-input').fill(address);
  const option = page.getByRole('option', { name: address }).first();
  await expect(option).toBeVisible({ timeout: 15_000 });
  await option.click();
  // LAYER-28: the pin, drawn from a 96×117 image at a third.
  const pin = page.getByTestId('search-marker');
  await expect(pin).toBeVisible();
  const box = await pin.boundingBox();
  expect([Math.round(box?.width ?? 0), Math.round(box?.height ?? 0)]).toEqual([32, 39]);
  await expect(page.getByTestId('pipe-address')).toHaveText(address);
  // Closing the details ends the search: the pin goes with the selection.
  await page.getByTestId('details-close').click();
  await expect(pin).toBeHidden();
});

test('logging out destroys the map: the next user of the tab starts without the last one’s selection', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // ACC-AUTH-14. The whole story stays in one page load (no goto after the first): the stores live in memory.
  await logIn(page, ACCOUNTS.worker);
  const map = new MapPage(page);
  await map.open('lof');
  await map.selectPipeNearCentre();
  await map.openFilters();
  const shell = new Shell(page);
  const unauthorised: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() === 401) unauthorised.push(r.url());
  });
  await shell.logOut();
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(map.map()).toHaveCount(0);
  // The map's data is not asked again with no token: the cache goes once the map has unmounted (the current
  // snapshot's 401 used to send the next login to /data). A tile or a poll still under way as the page goes may
  // answer 401; nothing acts on it. (A quiet window in which nothing must be asked, as in shell.spec.ts: a slow
  // machine can only make it see less.)
  await page.waitForTimeout(500);
  expect(unauthorised.filter((url) => /\/api\/(snapshots|snapshot-groups)/.test(url))).toEqual([]);

  await new LoginPage(page).logIn(ACCOUNTS.viewer);
  await expect(page).toHaveURL(/\/home$/);
  await shell.tab('map').click();
  await map.waitAnalysed();
  await map.waitDrawn();
  await expect(page.getByTestId('details-pane')).toBeHidden();
  await expect(page.getByTestId('filters-pane')).toBeHidden();
});
