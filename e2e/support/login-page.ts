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

  /**
   * Opens the login, logs in and waits until the session is in place: the dashboard with the user menu (a page
   * load before the user menu shows can land back on the login).
   */
  async logInToHome(email: string, password = DEMO_PASSWORD) {
    await this.open();
    await this.logIn(email, password);
    await expect(this.page).toHaveURL(/\/home$/);
    await expect(this.page.getByTestId('user-menu')).toBeVisible();
  }

  error() {
    return this.page.getByTestId('login-error');
  }
}
