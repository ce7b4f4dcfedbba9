import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';

// Spec 000 §4: 1800 s session, warning when <= 120 s remain without activity, Continue
// restarts the timers, unanswered for 120 s -> logout. Driven with Playwright's clock.
test('an idle session warns two minutes before the end, Continue keeps it, silence ends it', async ({
  page,
}) => {
  await page.clock.install();
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/home$/);

  await page.clock.runFor('27:00');
  await expect(page.getByTestId('session-warning-dialog')).toBeHidden();
  await page.clock.runFor('01:05');
  const dialog = page.getByTestId('session-warning-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button')).toHaveCount(1);

  await page.getByTestId('session-continue').click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/home$/);

  // A fresh session: no warning for another 27 minutes, then the warning, then logout.
  await page.clock.runFor('27:00');
  await expect(dialog).toBeHidden();
  await page.clock.runFor('01:05');
  await expect(dialog).toBeVisible();
  await page.clock.runFor('02:05');
  await expect(page).toHaveURL(/\/user\/login/);
});
