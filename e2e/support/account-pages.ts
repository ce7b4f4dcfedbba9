import { expect, type Page } from '@playwright/test';

/** /user/register: a new user signs up with their utility's organisation code. */
export class RegisterPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/user/register');
    await expect(this.page.getByTestId('register-form')).toBeVisible();
  }

  async register(user: { fullName: string; email: string; password: string; code: string }) {
    await this.page.getByTestId('register-full-name').fill(user.fullName);
    await this.page.getByTestId('register-email').fill(user.email);
    await this.page.getByTestId('register-password').fill(user.password);
    await this.page.getByTestId('register-password-confirmation').fill(user.password);
    await this.page.getByTestId('register-client-code').fill(user.code);
    await this.page.getByTestId('register-submit').click();
    await expect(this.page.getByTestId('register-success')).toBeVisible();
  }

  async goToLogin() {
    await this.page.getByTestId('register-login-link').click();
    await expect(this.page).toHaveURL(/\/user\/login/);
  }
}

/** /user/reset: ask for a reset link, then (from the mailed link) choose a new password. */
export class ResetPasswordPage {
  constructor(private readonly page: Page) {}

  async requestLink(email: string) {
    await this.page.goto('/user/reset');
    await this.page.getByTestId('reset-email').fill(email);
    await this.page.getByTestId('reset-submit').click();
    await expect(this.page.getByTestId('reset-sent')).toBeVisible();
  }

  async chooseNewPassword(link: string, password: string) {
    await this.page.goto(link);
    await this.page.getByTestId('reset-password').fill(password);
    await this.page.getByTestId('reset-password-confirmation').fill(password);
    await this.page.getByTestId('reset-submit').click();
    await expect(this.page.getByTestId('reset-done')).toBeVisible();
  }
}
