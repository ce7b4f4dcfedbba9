// What the wizard refuses or flags before anything is written (issue 15): a US file's inch diameters and its
// unmapped install year, and pipes without geometry; a main drawn with more vertices than a feature may have
// (issue 18).
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNTS } from './support/accounts.ts';
import { ImportWizard } from './support/import-wizard.ts';
import { LoginPage } from './support/login-page.ts';

/** A CSV of `n` mains near Louisville with inch diameters (4–16), no install year, no material; `drawn(i)` rows have WKT. */
function usMains(
  n: number,
  drawn: (i: number) => boolean = () => true,
  vertices = (_i: number) => 2,
): string {
  const path = join(mkdtempSync(join(tmpdir(), 'pipewise-e2e-refusals-')), 'us_mains.csv');
  const lines = ['ID,DIA,WKT'];
  for (let i = 0; i < n; i += 1) {
    const x = -85.7 + (i % 20) * 0.001;
    const y = 38.2 + Math.floor(i / 20) * 0.001;
    const k = vertices(i);
    const line = Array.from({ length: k }, (_, v) => `${x + (0.0009 * v) / (k - 1)} ${y}`).join(', ');
    const wkt = drawn(i) ? `"LINESTRING(${line})"` : '';
    lines.push(`M${i + 1},${[4, 6, 8, 12, 16][i % 5]},${wkt}`);
  }
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

/** To the questions step; `crs` is given on the layer step (a CSV cannot declare one), as a bare EPSG code. */
async function toQuestions(page: Page, path: string, crs: string): Promise<ImportWizard> {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/home$/);
  const wizard = new ImportWizard(page);
  await wizard.openFromDataPage();
  await wizard.chooseFile(path, `US mains ${Date.now()}`);
  await wizard.waitForUpload();
  await page.getByTestId('import-layer-us_mains').check();
  await wizard.setCrs(crs);
  await wizard.next();
  // DIA is suggested as the diameter; there is no install year column to map.
  await expect(wizard.mappingOf('nativeId')).toHaveValue('ID');
  await expect(wizard.mappingOf('diameter')).toHaveValue('DIA');
  await wizard.next();
  await wizard.next();
  return wizard;
}

test('a US file: diameters in inches by default, the unmapped install year warned of, mm flagged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const wizard = await toQuestions(page, usMains(40), '4326');
  // The US administrator is offered inches; the file's lengths are not asked (no length column mapped).
  await expect(page.getByTestId('import-answer-diameterUnit')).toHaveValue('in');
  await expect(page.getByTestId('import-answer-lengthUnit')).toHaveCount(0);
  await wizard.next();
  await expect(wizard.report()).toBeVisible({ timeout: 60_000 });
  const warnings = page.getByTestId('import-warnings');
  await expect(warnings).toContainText('The install year is not mapped');
  await expect(warnings).not.toContainText('Most diameters');
  await expect(page.getByTestId('import-can-import')).toBeVisible();

  // Read as millimetres, 4–16 fit no water main: each row is flagged with its reading in inches.
  await page.getByTestId('import-back').click();
  await wizard.answer('diameterUnit', 'mm');
  await wizard.next();
  await expect(page.getByTestId('import-warnings')).toContainText('Most diameters do not fit a water main');
  await expect(page.getByTestId('import-problem-diameter-implausible')).toContainText(
    'as inches 4 in = 102 mm',
  );
  await page.screenshot({ path: 'test-results/import-us-warnings.png' });
});

test('pipes without geometry block the import until they are imported as attributes only', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const wizard = await toQuestions(
    page,
    usMains(30, (i) => i % 10 !== 3),
    'epsg:4326',
  );
  await wizard.next();
  await expect(page.getByTestId('import-blocked')).toContainText(
    'Pipes without geometry: fix the file, or choose to import them as attributes only',
  );
  await expect(page.getByTestId('import-commit')).toBeDisabled();
  await page.getByTestId('import-geometryless-pipes').locator('input').check();
  await expect(page.getByTestId('import-can-import')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('import-commit')).toBeEnabled();
});

test('a main of more than 10,000 vertices is left out, the report naming its row and count', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const wizard = await toQuestions(
    page,
    usMains(20, undefined, (i) => (i === 4 ? 10_001 : 2)),
    '4326',
  );
  await wizard.next();
  await expect(wizard.report()).toBeVisible({ timeout: 60_000 });
  const problem = page.getByTestId('import-problem-too-many-vertices');
  await expect(problem).toContainText('Too many vertices in one feature');
  await expect(problem).toContainText('10,001 vertices; at most 10,000 a feature: simplify it in your GIS');
  // The other 19 mains can still be imported.
  await expect(page.getByTestId('import-can-import')).toBeVisible();
  await problem.screenshot({ path: 'test-results/import-too-many-vertices.png' });
});
