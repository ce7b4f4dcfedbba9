import { expect, type Page } from '@playwright/test';
import { LANGUAGES, type Language } from '@pipewise/domain';

/** The top bar, user menu, language selector and navigation drawer of the app. */
export class Shell {
  constructor(private readonly page: Page) {}

  async chooseLanguage(language: Language) {
    await this.page.getByTestId('language-selector').first().click();
    await this.page.getByTestId(`language-option-${language}`).click();
    await expect(this.page.locator('html')).toHaveAttribute('lang', language);
  }

  /**
   * Runs `check` with the app in each product language in turn. The choice is saved on the user, so it ends in English
   * however the check ends: the stories share one database and its accounts.
   */
  async inEveryLanguage(check: (language: Language) => Promise<void>) {
    try {
      for (const language of LANGUAGES) {
        await this.chooseLanguage(language);
        await check(language);
      }
    } finally {
      await this.chooseLanguage('en');
    }
  }

  /** Opens the language menu and returns the labels it offers, in order. */
  async languageOptions() {
    await this.page.getByTestId('language-selector').first().click();
    const options = this.page.locator('[data-testid^="language-option-"]');
    await expect(options.first()).toBeVisible();
    const labels = await options.locator('.MuiListItemText-primary').allTextContents();
    await this.page.keyboard.press('Escape');
    await expect(options.first()).toBeHidden();
    return labels;
  }

  async openUserMenu() {
    await this.page.getByTestId('user-menu').click();
    // MUI's Grow scales the menu in from the avatar. A click while it grows lands where an item is not yet: under the
    // whole suite's load a 'Log out' click hit 'Settings', and the test waited for a login page that never came.
    const menu = this.page.locator('.MuiMenu-paper', { has: this.page.getByTestId('user-menu-email') });
    await expect(menu).toHaveCSS('transform', 'none');
  }

  async closeUserMenu() {
    await this.page.keyboard.press('Escape');
    await expect(this.page.getByTestId('user-menu-email')).toBeHidden();
  }

  /** The initials in the avatar of the user menu button. */
  avatar() {
    return this.page.getByTestId('user-menu').locator('.MuiAvatar-root');
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

  logo() {
    return this.page.getByTestId('brand-logo');
  }

  tab(id: 'home' | 'map' | 'reports' | 'data') {
    return this.page.getByTestId(`top-tab-${id}`);
  }

  loginLink() {
    return this.page.getByTestId('top-login');
  }

  registerLink() {
    return this.page.getByTestId('top-register');
  }

  drawer() {
    return this.page.getByTestId('nav-drawer');
  }

  navItem(id: string) {
    return this.page.getByTestId(`nav-item-${id}`);
  }

  navGroupItems(id: string) {
    return this.page.getByTestId(`nav-group-${id}-items`);
  }

  async toggleDrawerCollapsed() {
    await this.page.getByTestId('nav-collapse').click();
  }

  async openNavGroup(id: string) {
    await this.page.getByTestId(`nav-group-${id}`).click();
    await expect(this.navGroupItems(id)).toBeVisible();
  }
}
