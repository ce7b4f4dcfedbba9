import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { ErrorPage } from './support/error-page.ts';
import { LoginPage } from './support/login-page.ts';
import { Shell } from './support/shell.ts';

test('a visitor on an unknown page sees 404 Not Found under a top bar with Login and Register', async ({
  page,
}) => {
  const shell = new Shell(page);
  const error = new ErrorPage(page);
  await page.goto('/no/such/page');
  await expect(error.title()).toHaveText('404 Not Found');
  await expect(error.root()).toHaveAttribute('data-status', '404');
  // The static layout: the top bar only, no drawer or sub-bar.
  await expect(page.getByTestId('layout-static')).toBeVisible();
  await expect(shell.drawer()).toHaveCount(0);
  await expect(page.getByTestId('user-menu')).toHaveCount(0);
  await expect(shell.registerLink()).toHaveAttribute('href', '/user/register');
  await shell.loginLink().click();
  await expect(page).toHaveURL(/\/user\/login$/);
});

test("an unknown map view shows 'This page could not be found' inside the app", async ({ page }) => {
  const login = new LoginPage(page);
  await login.open('/map/no-such-view');
  await login.logIn(ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/map\/no-such-view$/);
  await expect(new ErrorPage(page).title()).toHaveText('This page could not be found');
  // The map-area 404 sits in the default layout, so the drawer stays usable.
  await expect(page.getByTestId('layout-default')).toBeVisible();
  await new ErrorPage(page).goHome();
  await expect(page).toHaveURL(/\/home$/);
});

test("a page that fails to load shows 'An error occurred' with a way home", async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(ACCOUNTS.guest);
  await expect(page.getByTestId('dashboard')).toBeVisible();

  // The dashboard's code breaks while loading. Vite reports any failed page import as a chunk
  // failure; a reload happened just now, so the loop guard lets this one through to the error page.
  await page.evaluate(() => sessionStorage.setItem('pipewise_chunk_reload_at', String(Date.now())));
  await page.route('**/assets/HomePage-*.js', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("broken page");' }),
  );
  await page.reload();
  const error = new ErrorPage(page);
  await expect(error.title()).toHaveText('An error occurred');
  await expect(error.root()).toHaveAttribute('data-status', '500');
  await expect(page.getByTestId('error-home')).toHaveAttribute('href', '/home');
});

test('a page whose code file has gone (after a deploy) reloads once and then shows', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(ACCOUNTS.guest);
  await expect(page.getByTestId('dashboard')).toBeVisible();

  let failures = 0;
  await page.route('**/assets/HomePage-*.js', (route) => {
    if (failures > 0) return route.continue();
    failures += 1;
    return route.fulfill({ status: 404, body: 'gone' });
  });
  await page.reload();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  expect(failures).toBe(1);
  // The reload happened (the loop guard's timestamp is set), not an error page.
  expect(await page.evaluate(() => sessionStorage.getItem('pipewise_chunk_reload_at'))).not.toBeNull();
  await expect(new ErrorPage(page).root()).toHaveCount(0);
});
