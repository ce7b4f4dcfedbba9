import { expect, test } from '@playwright/test';
import { ResetPasswordPage } from './support/account-pages.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { latestMailTo } from './support/outbox.ts';
import { Shell } from './support/shell.ts';

// Issue 17's proof: an administrator creates a client with subscriptions and a user, who logs in and sees only what
// those subscriptions allow.
test('staff create a client and invite its administrator, who sees only what the subscriptions allow', async ({
  page,
}) => {
  const stamp = Date.now();
  const email = `river.admin.${stamp}@example.com`;
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.logInToHome(ACCOUNTS.staff);

  await page.goto('/admin/workflow');
  await page.getByTestId('admin-new-client').click();
  const form = page.getByTestId('admin-client-form');
  await form.getByLabel(/Client name/).fill(`Riverside Water ${stamp}`);
  await form.getByLabel('COF').check();
  await form.getByLabel('LOF').check();
  await form.getByRole('button', { name: 'Create client' }).click();
  await expect(page.getByTestId('admin-workflow-clients')).toContainText(`Riverside Water ${stamp}`);

  const invite = page.getByTestId('admin-invite-form');
  await invite.getByLabel(/Name/).fill('Rita River');
  await invite.getByLabel(/E-mail/).fill(email);
  await invite.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Administrator' }).click();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toContainText(`Invitation sent to ${email}.`);
  await expect(page.getByTestId('admin-client-users')).toContainText(email);
  await shell.logOut();

  const inviteLink = async () =>
    (await latestMailTo(email))?.text.match(/https?:\/\/\S+\/user\/reset\?id=\S+/)?.[0];
  await expect.poll(inviteLink, { message: 'the invitation links to /user/reset' }).toBeTruthy();
  await new ResetPasswordPage(page).chooseNewPassword((await inviteLink())!, 'River-side-1');

  await login.logInToHome(email, 'River-side-1');
  // COF and LOF but no JOB_PLANNER: the map is there, the Planner is not.
  await expect(shell.navItem('map')).toBeVisible();
  await expect(shell.navItem('planner')).toHaveCount(0);
  // As the client's administrator she manages its users, and no other client.
  await page.goto('/admin/workflow');
  await expect(page.getByTestId('admin-client-users')).toContainText(email);
  await expect(page.getByTestId('admin-workflow-clients')).toHaveCount(0);
});
