import { expect, test } from '@playwright/test';
import { resolve } from 'node:path';
import { ACCOUNTS } from './support/accounts.ts';
import { ImportWizard } from './support/import-wizard.ts';
import { LoginPage } from './support/login-page.ts';

// WNTR's KY4 network (SOURCE.md): 1,156 pipes in EPSG:3547, length and diameter attributes in metres.
const KY4_PIPES = resolve(import.meta.dirname, '../../shared/data/wntr-ky4-gis/ky4_pipes.geojson');

test('an administrator imports a GIS pipe layer and opens the new network on the map', async ({ page }) => {
  test.setTimeout(180_000);
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/home$/);

  const wizard = new ImportWizard(page);
  const network = `Kentucky KY4 ${Date.now()}`;
  await wizard.openFromDataPage();
  await wizard.chooseFile(KY4_PIPES, network);
  await wizard.waitForUpload();
  await wizard.chooseLayer('ky4_pipes');

  // The server suggests the id column; the user confirms diameter and length.
  await expect(wizard.mappingOf('nativeId')).toHaveValue('name');
  await wizard.mapColumn('diameter', 'diameter');
  await wizard.mapColumn('length', 'length');
  await expect(page.getByTestId('import-sample')).toBeVisible();
  await wizard.next();

  // No material column in this file: nothing to map.
  await expect(page.getByTestId('import-materials-none')).toBeVisible();
  await wizard.next();

  await wizard.answer('lengthUnit', 'm');
  await wizard.answer('diameterUnit', 'm');
  await wizard.setCrs('EPSG:3547');
  await wizard.next();

  await expect(wizard.report()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('import-report-counts')).toContainText('1,156');
  await expect(page.getByTestId('import-topology')).toBeVisible();
  await expect(page.getByTestId('import-can-import')).toBeVisible();

  await wizard.startImport();
  await expect(wizard.progressBar()).toBeVisible();
  await expect(wizard.succeeded()).toBeVisible({ timeout: 120_000 });

  await wizard.openOnMap();
  await expect(page).toHaveURL(/\/map$/);
  await expect(page.getByTestId('dataset-dropdown')).toContainText(network);
  // The map centres on the new network: KY4 lies in Kentucky, ~2,000 km east of the demo town in California.
  await expect(async () => {
    const [lng, lat] = ((await page.getByTestId('map').getAttribute('data-center')) ?? '')
      .split(',')
      .map(Number);
    expect(lng).toBeGreaterThan(-86);
    expect(lng).toBeLessThan(-84);
    expect(lat).toBeGreaterThan(36.5);
    expect(lat).toBeLessThan(38.5);
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: 'test-results/import-ky4-map.png' });
});
