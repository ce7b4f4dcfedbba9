import { expect, test } from './support/test.ts';
import { RegisterPage, ResetPasswordPage } from './support/account-pages.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { latestMailTo } from './support/outbox.ts';
import { Shell } from './support/shell.ts';

// Issue 17's proof: an administrator creates a client with subscriptions and a user, who logs in and sees only what
// those subscriptions allow. Issue 37's: she hands out a registration code, and a colleague who signs up with it
// waits until she approves.
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

  // Issue 37: she hands out a registration code; a colleague who registers with it waits for her approval.
  const codeBox = page.getByTestId('admin-registration-code');
  await codeBox.getByRole('button', { name: 'Create a code' }).click();
  await expect(codeBox).toContainText(/RIVERS-[A-Z0-9]{8}/);
  const code = (await codeBox.textContent())!.match(/RIVERS-[A-Z0-9]{8}/)![0];
  await shell.logOut();
  const colleague = `river.colleague.${stamp}@example.com`;
  const register = new RegisterPage(page);
  await register.open();
  await register.register({ fullName: 'Cole Colleague', email: colleague, password: 'River-side-2', code });
  await register.goToLogin();
  await login.logIn(colleague, 'River-side-2');
  await expect(page.getByTestId('login-error')).toContainText(
    "waiting for your organisation's administrator",
  );

  await login.logInToHome(email, 'River-side-1');
  await page.goto('/admin/workflow');
  const pending = page.getByTestId('admin-pending');
  await expect(pending).toContainText('1 registration waiting for approval');
  await pending.getByRole('button', { name: 'Approve: Cole Colleague' }).click();
  await expect(pending).toHaveCount(0);
  await expect(page.getByTestId('admin-client-users')).toContainText(colleague);
  await shell.logOut();
  await login.logInToHome(colleague, 'River-side-2');
});

// Issue 17: two-step sign-in. A client administrator turns on the e-mailed code for one of their users, who then
// logs in with the code read from the outbox.
test('an administrator turns on two-step sign-in for a user, who logs in with the mailed code', async ({
  page,
}) => {
  const stamp = Date.now();
  const email = `two.step.${stamp}@example.com`;
  const name = `Tess Twostep ${stamp}`;
  const login = new LoginPage(page);
  const shell = new Shell(page);
  await login.logInToHome(ACCOUNTS.admin);

  await page.goto('/admin/workflow');
  const invite = page.getByTestId('admin-invite-form');
  await invite.getByLabel(/Name/).fill(name);
  await invite.getByLabel(/E-mail/).fill(email);
  await invite.getByRole('combobox').click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite).toContainText(`Invitation sent to ${email}.`);
  const twoStep = page.getByLabel(`Code by e-mail: ${name}`);
  // The switch shows the saved state: it turns on once the server has answered.
  await twoStep.click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  await expect(twoStep).toBeChecked();
  // The change is in the client's audit log.
  // By the form's label and a readable value (issue 38: the log showed raw field names).
  await expect(page.getByTestId('admin-audit')).toContainText('Code by e-mail: yes');
  await shell.logOut();

  const inviteLink = async () =>
    (await latestMailTo(email))?.text.match(/https?:\/\/\S+\/user\/reset\?id=\S+/)?.[0];
  await expect.poll(inviteLink, { message: 'the invitation links to /user/reset' }).toBeTruthy();
  await new ResetPasswordPage(page).chooseNewPassword((await inviteLink())!, 'Two-step-pass-1');

  await login.open();
  await login.logIn(email, 'Two-step-pass-1');
  await expect(page.getByTestId('two-factor-form')).toBeVisible();
  await expect(page.getByTestId('two-factor-sent-to')).toContainText('t•••@example.com');
  const code = async () => (await latestMailTo(email))?.subject.match(/^(\d{6}) /)?.[1];
  await expect.poll(code, { message: 'the sign-in code is mailed' }).toBeTruthy();
  await page.getByTestId('two-factor-code').fill((await code())!);
  await page.getByTestId('two-factor-submit').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
