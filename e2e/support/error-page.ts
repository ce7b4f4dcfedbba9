import type { Page } from '@playwright/test';

/** The error page: its title and its 'Home page' button. */
export class ErrorPage {
  constructor(private readonly page: Page) {}

  root() {
    return this.page.getByTestId('error-page');
  }

  title() {
    return this.page.getByTestId('error-title');
  }

  async goHome() {
    await this.page.getByTestId('error-home').click();
  }
}
