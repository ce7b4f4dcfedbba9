import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { Shell } from './support/shell.ts';

test('a logged-out user is sent to login with the path kept, and comes back to it after logging in', async ({
  page,
}) => {
  await page.goto('/user/settings');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fuser%2Fsettings$/);
  await new LoginPage(page).logIn(ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/user\/settings$/);

  // guest guard: the login area sends a logged-in user home.
  await page.goto('/user/login');
  await expect(page).toHaveURL(/\/home$/);
});

test('a 401 on any call logs out and keeps the path as redirect', async ({ page }) => {
  await new LoginPage(page).open();
  await new LoginPage(page).logIn(ACCOUNTS.worker);
  await expect(page).toHaveURL(/\/home$/);

  await page.route('**/api/user/receive-emails', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"status":401,"message":"Expired"}',
    }),
  );
  await page.goto('/user/settings');
  await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fuser%2Fsettings$/);
});

test('an access token that expired while away logs the user out on load', async ({ page }) => {
  await new LoginPage(page).open();
  await new LoginPage(page).logIn(ACCOUNTS.viewer);
  await expect(page).toHaveURL(/\/home$/);
  await page.clock.install({ time: Date.now() + 31 * 60_000 });
  await page.goto('/home');
  await expect(page).toHaveURL(/\/user\/login/);
});

test('a failed start-up check of the user sends the user to login (401 or any other failure)', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(ACCOUNTS.viewer);
  await expect(page).toHaveURL(/\/home$/);

  for (const status of [401, 500]) {
    await page.route('**/api/user/info', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: `{"status":${status},"message":"x"}` }),
    );
    await page.goto('/user/settings');
    await expect(page).toHaveURL(/\/user\/login\?redirect=%2Fuser%2Fsettings$/);
    await page.unroute('**/api/user/info');
    await login.logIn(ACCOUNTS.viewer);
    await expect(page).toHaveURL(/\/user\/settings$/);
  }
});

test('back and forward restore where the user had scrolled to', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await page.setViewportSize({ width: 1280, height: 480 });
  await login.open();
  await login.logIn(ACCOUNTS.worker);
  await shell.openSettings();
  const link = page.getByTestId('settings-change-password-link');
  await link.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(100);
  await link.click();
  await expect(page).toHaveURL(/\/user\/changePassword$/);
  await page.goBack();
  await expect(page.getByTestId('settings-email')).toBeAttached();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('unknown pages show the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByTestId('error-title')).toHaveText('404 Not Found');
  await page.getByTestId('error-home').click();
  await expect(page).toHaveURL(/\/(home|user\/login)/);
});
