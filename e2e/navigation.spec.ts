import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { AdminPage } from './support/admin-page.ts';
import { LoginPage } from './support/login-page.ts';
import { Shell } from './support/shell.ts';

test('a utility admin finds their way with the top bar and the drawer', async ({ page }) => {
  const shell = new Shell(page);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/home$/);

  // The default layout: top bar, sub-bar with a current dataset (the demo town, or a network an earlier story
  // imported: the stories share one database), drawer, content.
  await expect(page.getByTestId('layout-default')).toBeVisible();
  await expect(page.getByTestId('dataset-dropdown')).not.toHaveAttribute('data-empty', 'true');
  await expect(page.getByTestId('dataset-dropdown')).toContainText(/Demo town|KY4/);
  // With the COF subscription, the original dataset's scenario reads 'default'.
  await expect(page.getByTestId('scenario-button')).toContainText(/default/i);

  // Top bar: the logo and the tabs point where the spec says.
  await expect(shell.logo()).toHaveAttribute('href', '/map');
  await expect(shell.tab('home')).toHaveAttribute('href', '/home');
  await expect(shell.tab('map')).toHaveAttribute('href', '/map');
  await expect(shell.tab('reports')).toHaveAttribute('href', '/reports/asset');
  await expect(shell.tab('data')).toHaveAttribute('href', '/data');
  await expect(shell.tab('home')).toHaveAttribute('aria-selected', 'true');
  // The user menu: initials avatar, full name and e-mail.
  await expect(shell.avatar()).toHaveText('AA');
  await shell.openUserMenu();
  await expect(page.getByTestId('user-menu-name')).toHaveText('Alex Admin');
  await expect(page.getByTestId('user-menu-email')).toHaveText(ACCOUNTS.admin);
  await shell.closeUserMenu();

  // The Datasets tab opens the dataset page; the tab and the drawer item follow.
  await shell.tab('data').click();
  await expect(page).toHaveURL(/\/data$/);
  await expect(page.getByTestId('data-page')).toBeVisible();
  await expect(shell.tab('data')).toHaveAttribute('aria-selected', 'true');
  await expect(shell.navGroupItems('data')).toBeVisible();
  await expect(shell.navItem('data-datasets')).toHaveClass(/Mui-selected/);
  await expect(shell.navItem('home')).not.toHaveClass(/Mui-selected/);

  // Only one group is open at a time.
  await shell.openNavGroup('reports');
  await expect(shell.navGroupItems('data')).toBeHidden();
  await expect(shell.navItem('reports-asset')).toBeVisible();
  await expect(shell.navItem('reports-asset')).toHaveAttribute('href', '/reports/asset');
  // Sub-items are 40 px high with 8 px between them.
  const first = await shell.navItem('reports-asset').boundingBox();
  const second = await shell.navItem('reports-lof').boundingBox();
  expect(first?.height).toBeCloseTo(40, 0);
  expect((second?.y ?? 0) - ((first?.y ?? 0) + (first?.height ?? 0))).toBeCloseTo(8, 0);
  await shell.openNavGroup('data');
  await expect(shell.navGroupItems('reports')).toBeHidden();

  // Collapsed to icons: no labels, the width shrinks, and it stays so after a reload.
  await expect(shell.navItem('home')).toContainText('Home');
  await shell.toggleDrawerCollapsed();
  await expect(shell.drawer()).toHaveAttribute('data-collapsed', 'true');
  await expect(shell.navItem('home')).not.toContainText('Home');
  await expect.poll(async () => (await shell.drawer().boundingBox())?.width).toBeLessThan(100);
  await page.reload();
  await expect(shell.drawer()).toHaveAttribute('data-collapsed', 'true');
  await shell.toggleDrawerCollapsed();
  await expect(shell.drawer()).toHaveAttribute('data-collapsed', 'false');
  await expect(shell.navItem('home')).toContainText('Home');

  await shell.navItem('home').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(shell.navItem('home')).toHaveClass(/Mui-selected/);
  // The US admin has JOB_PLANNER and is no platform staff.
  await expect(shell.navItem('planner')).toBeVisible();
  await expect(shell.navItem('admin')).toHaveCount(0);

  // A section's bare address opens its first page, not the 404 page.
  await page.goto('/reports');
  await expect(page).toHaveURL(/\/reports\/asset$/);
  await expect(page.getByText('404')).toHaveCount(0);
  await page.goto('/cof');
  await expect(page).toHaveURL(/\/cof\/scenarios$/);
});

test('a Japanese utility sees neither the Planner item nor the reports it has no subscription for', async ({
  page,
}) => {
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.open();
  await login.logIn(ACCOUNTS.jpAdmin);
  await expect(page).toHaveURL(/\/home$/);
  await expect(shell.navItem('map')).toBeVisible();
  await expect(shell.navItem('planner')).toHaveCount(0);
  // The JP demo utility has COF and LOF but not BRE: no Total risk report.
  await shell.openNavGroup('reports');
  await expect(shell.navItem('reports-cof')).toBeVisible();
  await expect(shell.navItem('reports-lof')).toBeVisible();
  await expect(shell.navItem('reports-total-risk')).toHaveCount(0);
  // 山田 太郎: a Japanese name's avatar shows its first character.
  await expect(shell.avatar()).toHaveText('山');

  // The JP demo utility has no dataset yet: the map is unavailable, but the dataset page stays reachable so the
  // first import is possible (SHELL-ROUTE-07 reading in apps/web/src/app/guards.ts).
  await shell.tab('map').click();
  await expect(page).toHaveURL(/\/data\/unavailable$/);
  await expect(page.getByTestId('data-unavailable')).toBeVisible();
  await shell.tab('data').click();
  await expect(page).toHaveURL(/\/data$/);
  await expect(page.getByTestId('data-page')).toBeVisible();
});

test('only platform staff get the client list and the Admin item', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new Shell(page);
  const admin = new AdminPage(page);

  await login.open();
  await login.logIn(ACCOUNTS.staff);
  await expect(page).toHaveURL(/\/home$/);
  await expect(shell.navItem('admin')).toBeVisible();
  await admin.open();
  // The US and the JP demo utilities.
  await expect(admin.clientRows().first()).toBeVisible();
  expect(await admin.clientRows().count()).toBeGreaterThanOrEqual(2);
  await shell.logOut();
  await expect(page).toHaveURL(/\/user\/login/);

  await login.logIn(ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/home$/);
  await expect(shell.navItem('map')).toBeVisible();
  await expect(shell.navItem('admin')).toHaveCount(0);
  expect(await admin.clientListFromApi()).toEqual([]);
  await admin.open();
  await expect(admin.staffOnlyNote()).toBeVisible();
  await expect(admin.clientRows()).toHaveCount(0);
});
