import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import {
  createTokenInSettings,
  louisvilleMains,
  scriptClient,
  scriptImportPipes,
} from './support/script-client.ts';

// Issue 42's scheduled imports as an administrator sets one up: a network first imported by a script, then a
// definition that fetches the GIS of record's file from a URL (a local HTTP server here: the machine is offline).
// Run now, a file within the limits is committed as a new version; the next, which would remove three of four mains,
// is held for review with its reason. The schedule itself (cron in a time zone), the mail and the other sources are
// proved by the API tests (apps/server/test/scheduled-imports.test.ts).

test('an administrator schedules an import from the GIS: a run within the limits is committed, one removing most mains is held', async ({
  page,
  baseURL,
}) => {
  // Two imports and an analysis, behind other stories' jobs, and the scheduler's 30 s tick that records outcomes.
  test.setTimeout(600_000);
  let served = louisvilleMains(4);
  const gis = createServer((_req, res) => {
    res.setHeader('content-type', 'application/geo+json');
    res.end(served);
  });
  await new Promise<void>((resolve) => gis.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(gis.address() as AddressInfo).port}/mains.geojson`;
    const stamp = Date.now();
    const network = `GIS mains ${stamp}`;
    const definition = `Nightly from the GIS ${stamp}`;

    await new LoginPage(page).logInToHome(ACCOUNTS.admin);
    const token = await createTokenInSettings(page, `Scheduled import ${stamp}`, ['import']);
    // The network's first version, whose mapping the definition will reuse.
    await scriptImportPipes(scriptClient(baseURL!, token), louisvilleMains(3), { new_group_name: network });

    // Data → Scheduled imports → New: the GIS's URL, every night at 02:30, at most 5 % of the mains removed.
    await page.goto('/data');
    await page.getByTestId('scheduled-imports-link').click();
    await expect(page).toHaveURL(/\/data\/scheduled-imports$/);
    await page.getByTestId('scheduled-import-new').click();
    const dialog = page.getByTestId('scheduled-import-dialog');
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(definition);
    await dialog.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: network, exact: true }).click();
    await dialog.getByRole('textbox', { name: 'URL (http or https)' }).fill(url);
    await expect(dialog.getByRole('textbox', { name: 'Schedule', exact: true })).toHaveValue('30 2 * * *');
    await dialog.getByTestId('scheduled-import-save').click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: definition });
    await expect(row).toContainText(network);
    await expect(row).toContainText('30 2 * * *');

    // Run now: four mains where there were three — nothing removed, so it is committed.
    await row.getByRole('button', { name: 'Run now' }).click();
    const runs = page.locator('[data-testid^="scheduled-runs-"]');
    const newest = runs.locator('tbody tr').first();
    await expect(newest.locator('[data-testid^="scheduled-run-status-"]')).toHaveText('Committed', {
      timeout: 300_000,
    });
    await page.goto('/data');
    const versions = page.locator('[data-testid^="dataset-version-"]').filter({ hasText: network });
    await expect(versions).toHaveCount(2);
    await expect(versions.filter({ hasText: 'Current' }).locator('td').nth(3)).toHaveText('4');

    // The GIS now serves one main: three of four would go, past the 5 % limit — held, with the reason, not imported.
    served = louisvilleMains(1);
    await page.getByTestId('scheduled-imports-link').click();
    await row.getByRole('button', { name: 'Run now' }).click();
    await expect(newest.locator('[data-testid^="scheduled-run-status-"]')).toHaveText('Waiting for review', {
      timeout: 300_000,
    });
    await expect(newest).toContainText('more than the limit of 5 %');
    await page.goto('/data');
    await expect(versions).toHaveCount(2);
  } finally {
    gis.close();
  }
});
