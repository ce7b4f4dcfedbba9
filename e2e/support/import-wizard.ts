import { expect, type Page } from '@playwright/test';

type AnswerKey = 'lengthUnit' | 'diameterUnit' | 'dateFormat' | 'missingMeans';

/** /data and the import wizard of /data/import, as an administrator drives them. */
export class ImportWizard {
  constructor(private readonly page: Page) {}

  /** From /data (or /data/unavailable while the client has no data) into the wizard. */
  async openFromDataPage() {
    await this.page.goto('/data');
    await this.page.getByTestId('import-data-button').click();
    await expect(this.page).toHaveURL(/\/data\/import$/);
    await expect(this.page.getByTestId('import-wizard')).toBeVisible();
  }

  step() {
    return this.page.getByTestId('import-wizard');
  }

  async next() {
    await this.page.getByTestId('import-next').click();
  }

  /** A pipes layer into a new network by default; `into: 'existing'` adds the layer to that network's next version. */
  async chooseFile(
    path: string,
    networkName: string,
    options: { assetLayer?: string; into?: 'new' | 'existing' } = {},
  ) {
    await this.page.getByTestId('import-file-input').setInputFiles(path);
    await this.page.getByTestId('import-type').selectOption('assets');
    await this.page.getByTestId('import-asset-layer').selectOption(options.assetLayer ?? 'pipes');
    if (options.into === 'existing') {
      await this.page.getByTestId('import-target-existing').check();
      await this.page.getByTestId('import-group').selectOption({ label: networkName });
    } else {
      await this.page.getByTestId('import-target-new').check();
      await this.page.getByTestId('import-new-name').fill(networkName);
    }
    await this.next();
  }

  async waitForUpload() {
    await expect(this.page.getByTestId('import-upload-done')).toBeVisible({ timeout: 30_000 });
    await this.next();
  }

  async chooseLayer(name: string) {
    await this.page.getByTestId(`import-layer-${name}`).check();
    await this.next();
  }

  mappingOf(field: string) {
    return this.page.getByTestId(`import-map-${field}`);
  }

  async mapColumn(field: string, column: string) {
    await this.mappingOf(field).selectOption(column);
  }

  async answer(key: AnswerKey, value: string) {
    await this.page.getByTestId(`import-answer-${key}`).selectOption(value);
  }

  async setCrs(code: string) {
    await this.page.getByTestId('import-crs').fill(code);
  }

  report() {
    return this.page.getByTestId('import-report');
  }

  async startImport() {
    await this.page.getByTestId('import-commit').click();
  }

  progressBar() {
    return this.page.getByTestId('import-progress');
  }

  succeeded() {
    return this.page.getByTestId('import-succeeded');
  }

  async openOnMap() {
    await this.page.getByTestId('import-open-map').click();
  }
}
