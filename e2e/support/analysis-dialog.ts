import { expect, type Page } from '@playwright/test';

/** The analysis dialog of a dataset on /data: its runs and the model card of the served analysis. */
export class AnalysisDialog {
  constructor(private readonly page: Page) {}

  /** Opens the dialog of the CURRENT version of the network named `network`. */
  async openFor(network: string) {
    await this.page.goto('/data');
    const row = this.page.locator('[data-testid^="dataset-version-"]', { hasText: network }).first();
    await row.locator('[data-testid^="analysis-button-"]').click();
    await expect(this.dialog()).toBeVisible();
  }

  dialog() {
    return this.page.getByTestId('analysis-dialog');
  }

  modelCard() {
    return this.page.getByTestId('model-card');
  }

  backtest(years: number) {
    return this.page.getByTestId(`backtest-${years}`);
  }

  runButton() {
    return this.dialog().locator('[data-testid^="run-analysis-"]');
  }
}
