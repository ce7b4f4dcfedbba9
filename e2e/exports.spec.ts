import { expect, test } from './support/test.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';

// Export files (issue 17): the viewer exports the demo town's LOF as a GeoPackage from /data/export, waits for the
// job to make it, downloads it, and the project's own GeoPackage reader (the imports' parser) opens it: one pipes
// layer in EPSG:4326 with the pipes of the town.

interface LayerInfo {
  name: string;
  featureCount: number;
  columns: string[];
  crs: string | null;
  geometryType: string;
}
interface Reader {
  listLayers(file: { name: string; bytes: Uint8Array }): Promise<LayerInfo[]>;
}

/** The server's reader, loaded at run time: the e2e project does not compile the server's sources. */
async function gpkgReader(): Promise<Reader> {
  const path = resolve(import.meta.dirname, '../apps/server/src/modules/imports/parse/layers.ts');
  return (await import(path)) as Reader;
}

test('exports the demo town as a GeoPackage that the project reads back', async ({ page }) => {
  await new LoginPage(page).logInToHome(ACCOUNTS.viewer);
  await page.goto('/data/export');
  const submit = page.getByTestId('new-export-submit');
  await expect(submit).toBeEnabled();
  // This story's own file: another story on the same server may have made one (the COF story's cofBre export).
  const created = page.waitForResponse(
    (r) => /\/api\/datasets\/\d+\/exports$/.test(r.url()) && r.request().method() === 'POST',
  );
  await submit.click();
  const { id } = (await (await created).json()) as { id: number };
  const download = page.getByTestId(`export-download-${id}`);
  await expect(download).toBeVisible({ timeout: 30_000 });
  await expect(download).toContainText('GeoPackage');
  const file = page.waitForEvent('download');
  await download.click();
  const saved = await file;
  expect(saved.suggestedFilename()).toMatch(/^pipewise-lof-\d+-\d{4}-\d{2}-\d{2}\.gpkg$/);
  const bytes = new Uint8Array(readFileSync(await saved.path()));
  const [layer, ...more] = await (await gpkgReader()).listLayers({ name: 'export.gpkg', bytes });
  expect(more).toEqual([]);
  expect(layer).toMatchObject({ name: 'pipes_lof', crs: 'EPSG:4326', geometryType: 'MultiLineString' });
  expect(layer!.featureCount).toBeGreaterThan(1000);
  expect(layer!.columns).toEqual(expect.arrayContaining(['native_pipe_id', 'install_year', 'material']));
});
