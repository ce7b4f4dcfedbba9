import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts.ts';

/** The login screen, as a user drives it. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(redirect?: string) {
    await this.page.goto(redirect ? `/user/login?redirect=${encodeURIComponent(redirect)}` : '/user/login');
    await expect(this.page.getByTestId('login-email')).toBeVisible();
  }

  async logIn(email: string, password = DEMO_PASSWORD) {
    await this.page.getByTestId('login-email').fill(email);
    await this.page.getByTestId('login-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  error() {
    return this.page.getByTestId('login-error');
  }
}
