import { expect, test } from './support/test.ts';
import { RegisterPage, ResetPasswordPage } from './support/account-pages.ts';
import { ACCOUNTS, ORG_CODES } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { latestMailTo } from './support/outbox.ts';
import { Shell } from './support/shell.ts';

test('the login area has the brand header, a language selector and the copyright footer', async ({
  page,
}) => {
  await new LoginPage(page).open();
  await expect(page.getByTestId('layout-guest')).toBeVisible();
  await expect(page.getByTestId('guest-brand')).toHaveAttribute('href', '/user/login');
  expect(await new Shell(page).languageOptions()).toEqual(['EN', 'JP', 'DE', 'IT', 'FR', 'ES']);
  await expect(page.getByTestId('guest-footer')).toContainText(`© ${new Date().getFullYear()} Pipewise`);
  // Logged out, there is no app top bar here.
  await expect(page.getByTestId('top-bar')).toHaveCount(0);
});

test('a new colleague registers with the organisation code and logs in', async ({ page }) => {
  const email = `new.colleague.${Date.now()}@example.com`;
  const register = new RegisterPage(page);
  await register.open();
  await register.register({
    fullName: 'Nora Newcomer',
    email,
    password: 'Welcome-2-pipes',
    code: ORG_CODES.us,
  });
  await register.goToLogin();

  await new LoginPage(page).logIn(email, 'Welcome-2-pipes');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('dashboard-welcome')).toContainText('Nora Newcomer');
  await expect(page.getByTestId('dashboard-client')).not.toBeEmpty();
  await expect(new Shell(page).avatar()).toHaveText('NN');
});

test('a user who forgot the password resets it through the mailed link', async ({ page }) => {
  const login = new LoginPage(page);
  const reset = new ResetPasswordPage(page);
  await login.open();
  await page.getByTestId('login-forgot-link').click();
  await expect(page).toHaveURL(/\/user\/reset$/);
  await reset.requestLink(ACCOUNTS.inspector);

  const resetLink = async () =>
    (await latestMailTo(ACCOUNTS.inspector))?.text.match(/https?:\/\/\S+\/user\/reset\?id=\S+/)?.[0];
  await expect.poll(resetLink, { message: 'the reset mail links back to /user/reset' }).toBeTruthy();
  const link = await resetLink();
  await reset.chooseNewPassword(link!, 'Inspected-4-leaks');

  // The old password no longer works; the new one does. The link is single-use.
  await login.open();
  await login.logIn(ACCOUNTS.inspector);
  await expect(login.error()).toBeVisible();
  await login.logIn(ACCOUNTS.inspector, 'Inspected-4-leaks');
  await expect(page).toHaveURL(/\/home$/);
  await new Shell(page).logOut();
  await page.goto(link!);
  await page.getByTestId('reset-password').fill('Another-5-reset');
  await page.getByTestId('reset-password-confirmation').fill('Another-5-reset');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-invalid')).toBeVisible();
});

test('the demo guest can look at the settings but not change them', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(ACCOUNTS.guest);
  await expect(page).toHaveURL(/\/home$/);
  await new Shell(page).openSettings();
  await expect(page.getByTestId('settings-demo-note')).toBeVisible();
  await expect(page.getByTestId('settings-full-name')).toBeDisabled();
  await expect(page.getByTestId('settings-profile-submit')).toBeDisabled();
  await expect(page.getByTestId('settings-change-password-link')).toHaveAttribute('aria-disabled', 'true');
});
