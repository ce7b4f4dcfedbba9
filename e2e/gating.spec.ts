import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { MapPage } from './support/map-page.ts';

// What the map offers by account (spec 000 §6). The demo guest looks but changes nothing (TBD-05). Business risk
// needs COF (SUB-06), without BRE its values show a restricted marker (SUB-07), and a Japan client sees no
// environmental damage row unless it is client 47 (SUB-17). The demo town belongs to the US demo utility, which
// holds every subscription: the second story takes some away (or makes the client Japanese) in the user the web
// reads (GET /api/user/info). The server's own gates are proven by its API tests (srv-test/assets.routes.test.ts).

test('the demo guest looks at the map but saves no filter set, exports nothing and edits no pipe', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await new LoginPage(page).logInToHome(ACCOUNTS.guest);
  const map = new MapPage(page);
  await map.open('lof');
  await expect(page.getByTestId('export-assets')).toHaveAttribute('aria-disabled', 'true');
  await map.openFilters();
  await expect(map.filterButton('Save')).toBeDisabled();
  await expect(map.filterButton('Restore')).toBeEnabled();
  await page.getByTestId('filters-pane').getByRole('button', { name: 'Close filters' }).click();
  await map.selectPipeNearCentre();
  await expect(page.getByTestId('attribute-abandoned')).toBeDisabled();
});

type UserInfo = { subscriptions: string[]; client: { id: number; details: { country: string } } };

/** Opens the map as the user the web is told about, and a pipe near the centre with its BRE and COF panels. */
async function openPipeAs(
  page: Page,
  setUser: (change: (user: UserInfo) => void) => void,
  change: (user: UserInfo) => void,
) {
  setUser(change);
  const map = new MapPage(page);
  await map.open('lof');
  await map.selectPipeNearCentre();
  await page.getByTestId('details-panel-bre-toggle').click();
  await page.getByTestId('details-panel-cof-toggle').click();
  return map;
}

test('business risk needs COF, shows a restricted marker without BRE, and a Japan client has no environment row', async ({
  page,
}) => {
  test.setTimeout(300_000);
  let change: (user: UserInfo) => void = () => undefined;
  await page.route('**/api/user/info', async (route) => {
    const response = await route.fetch();
    const user = (await response.json()) as UserInfo;
    change(user);
    await route.fulfill({ response, json: user });
  });
  const setUser = (next: (user: UserInfo) => void) => {
    change = next;
  };
  const without = (name: string) => (user: UserInfo) => {
    user.subscriptions = user.subscriptions.filter((s) => s !== name);
  };
  await new LoginPage(page).logInToHome(ACCOUNTS.admin);
  const bre = page.getByTestId('details-panel-bre-content');
  const cof = page.getByTestId('details-panel-cof-content');

  // Every subscription (the US demo utility): business risk in dollars, the environmental damage row.
  let map = await openPipeAs(page, setUser, () => undefined);
  await expect(map.viewItem('total-risk')).toBeVisible();
  await expect(bre.getByTestId('bre-total')).toContainText('$');
  await expect(cof.getByTestId('cof-environment')).toBeVisible({ timeout: 15_000 });

  // SUB-07: without BRE the values are restricted, and no assessment is asked for.
  map = await openPipeAs(page, setUser, without('BRE'));
  await expect(map.viewItem('total-risk')).toHaveCount(0);
  await expect(bre.getByTestId('bre-total-restricted')).toBeVisible();
  await expect(bre.getByTestId('bre-level-restricted')).toBeVisible();
  await expect(bre.getByTestId('bre-total')).toHaveCount(0);

  // SUB-06: without COF there is no business risk at all: no view, the BRE panel is locked with its reason.
  map = await openPipeAs(page, setUser, without('COF'));
  await expect(map.viewItem('total-risk')).toHaveCount(0);
  await expect(map.viewItem('cof')).toHaveCount(0);
  await expect(page.getByTestId('details-panel-bre-locked')).toContainText('COF');
  await expect(bre.getByTestId('bre-total')).toHaveCount(0);

  // SUB-17: a Japan client (not client 47) sees every COF row but environmental damage.
  await openPipeAs(page, setUser, (user) => {
    user.client.details.country = 'JP';
  });
  await expect(cof.getByTestId('cof-level')).toBeVisible({ timeout: 15_000 });
  await expect(cof.getByTestId('cof-propertyDamage')).toBeVisible();
  await expect(cof.getByTestId('cof-environment')).toHaveCount(0);
});
