import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNTS } from './support/accounts.ts';
import { ImportWizard } from './support/import-wizard.ts';
import { LoginPage } from './support/login-page.ts';
import { PROJECTED_NETWORK_EPSG, writeProjectedNetwork } from './support/projected-network.ts';
import { SHARED_DATA_SKIP_REASON, hasSharedData, sharedDataPath } from '@pipewise/engine/testing/shared-data';

interface PipeLayerImport {
  path: string;
  layer: string;
  crs: string;
  /** The pipe count as the report prints it (en: thousands separator). */
  count: string;
  /** The box the map must centre in: [west, east, south, north]. */
  bounds: [number, number, number, number];
}

/** Logs in as an administrator, imports a pipe layer (metre units, the given CRS) and opens it on the map. */
async function importPipeLayer(page: Page, file: PipeLayerImport, network: string) {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/home$/);

  const wizard = new ImportWizard(page);
  await wizard.openFromDataPage();
  await wizard.chooseFile(file.path, network);
  await wizard.waitForUpload();
  await wizard.chooseLayer(file.layer);

  // The server suggests the id column; the user confirms diameter and length.
  await expect(wizard.mappingOf('nativeId')).toHaveValue('name');
  await wizard.mapColumn('diameter', 'diameter');
  await wizard.mapColumn('length', 'length');
  await expect(page.getByTestId('import-sample')).toBeVisible();
  await wizard.next();

  // No material column in these files: nothing to map.
  await expect(page.getByTestId('import-materials-none')).toBeVisible();
  await wizard.next();

  await wizard.answer('lengthUnit', 'm');
  await wizard.answer('diameterUnit', 'm');
  await wizard.setCrs(file.crs);
  await wizard.next();

  await expect(wizard.report()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('import-report-counts')).toContainText(file.count);
  await expect(page.getByTestId('import-topology')).toBeVisible();
  await expect(page.getByTestId('import-can-import')).toBeVisible();

  await wizard.startImport();
  await expect(wizard.progressBar()).toBeVisible();
  await expect(wizard.succeeded()).toBeVisible({ timeout: 120_000 });

  await wizard.openOnMap();
  await expect(page).toHaveURL(/\/map$/);
  await expect(page.getByTestId('dataset-dropdown')).toContainText(network);
  // The map centres on the new network, far from the demo town in California.
  const [west, east, south, north] = file.bounds;
  await expect(async () => {
    const [lng, lat] = ((await page.getByTestId('map').getAttribute('data-center')) ?? '')
      .split(',')
      .map(Number);
    expect(lng).toBeGreaterThan(west);
    expect(lng).toBeLessThan(east);
    expect(lat).toBeGreaterThan(south);
    expect(lat).toBeLessThan(north);
  }).toPass({ timeout: 20_000 });
}

test('an administrator imports a GIS pipe layer, opens it on the map, sees its LOF is a labelled prior, then deletes it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The project's own synthetic town in UTM 16N (metres): runs on any clone, nothing beside it needed.
  const network = `Generated town ${Date.now()}`;
  const file = writeProjectedNetwork(mkdtempSync(join(tmpdir(), 'pipewise-e2e-import-')));
  await importPipeLayer(
    page,
    {
      path: file.path,
      layer: file.layer,
      crs: PROJECTED_NETWORK_EPSG,
      count: file.pipeCount.toLocaleString('en'),
      bounds: [-85, -84, 37, 38],
    },
    network,
  );
  await page.screenshot({ path: 'test-results/import-generated-map.png' });

  // Imported without breaks: once its analysis has run, the likelihood of failure is a prior from published break
  // rates, and the LOF views say so on their legend (issue 39; before it, a notice said LOF needs break history).
  await page.goto('/map/lof');
  const prior = page.getByTestId('legend-lof-prior');
  await expect(prior).toHaveText('Prior', { timeout: 120_000 });
  await expect(page.getByTestId('view-menu')).toBeVisible();
  await expect(page.getByTestId('no-lof-notice')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/import-prior-lof-map.png' });

  // A network imported by mistake can be deleted from the data page, after a confirmation that names it.
  await page.goto('/data');
  const row = page.locator('[data-testid^="dataset-version-"]').filter({ hasText: network });
  await expect(row).toHaveCount(1);
  await row.locator('[data-testid^="dataset-delete-"]').click();
  await expect(page.getByTestId('confirm-dialog')).toContainText(`Delete ${network} v1?`);
  await page.getByTestId('confirm-action').click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('dataset-versions')).toBeVisible();
});

test('an administrator imports the public KY4 pipe layer (shared data)', async ({ page }) => {
  test.skip(!hasSharedData, SHARED_DATA_SKIP_REASON);
  test.setTimeout(180_000);
  // WNTR's KY4 network (SOURCE.md): 1,156 pipes in EPSG:3547, length and diameter attributes in metres.
  await importPipeLayer(
    page,
    {
      path: sharedDataPath('wntr-ky4-gis/ky4_pipes.geojson'),
      layer: 'ky4_pipes',
      crs: 'EPSG:3547',
      count: '1,156',
      bounds: [-86, -84, 36.5, 38.5],
    },
    `Kentucky KY4 ${Date.now()}`,
  );
  await page.screenshot({ path: 'test-results/import-ky4-map.png' });
});
