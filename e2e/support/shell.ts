import { expect, type Page } from '@playwright/test';
import type { Language } from '@pipewise/domain';

/** The top bar, user menu and language selector of a logged-in user. */
export class Shell {
  constructor(private readonly page: Page) {}

  async chooseLanguage(language: Language) {
    await this.page.getByTestId('language-selector').first().click();
    await this.page.getByTestId(`language-option-${language}`).click();
    await expect(this.page.locator('html')).toHaveAttribute('lang', language);
  }

  async openUserMenu() {
    await this.page.getByTestId('user-menu').click();
  }

  async openSettings() {
    await this.openUserMenu();
    await this.page.getByTestId('user-menu-settings').click();
    await expect(this.page).toHaveURL(/\/user\/settings$/);
  }

  async logOut() {
    await this.openUserMenu();
    await this.page.getByTestId('user-menu-logout').click();
  }
}
