import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { MapPage } from './support/map-page.ts';
import { louisvilleMains, ok, scriptClient, scriptImportPipes } from './support/script-client.ts';
import { Shell } from './support/shell.ts';

// Issue 42's proof: an administrator makes an API token in the settings, a script imports a file with it (the
// "Script an import" sequence of docs/api-tokens.md: upload, validate, commit, wait for the job) and the new network
// is on the map; once the token is revoked in the settings, the script's next call is refused.

/** Three short mains near Louisville, far from the demo town in California: the properties the doc's example maps. */
const PIPES = louisvilleMains(3);

test('an administrator makes an API token, a script imports a network with it, the map shows it, and revoking stops the script', async ({
  page,
  baseURL,
}) => {
  // Jobs run here: an import and the new network's analysis, on a machine shared with other processes.
  test.setTimeout(420_000);
  const stamp = Date.now();
  const tokenName = `Nightly GIS import ${stamp}`;
  const network = `Scripted mains ${stamp}`;
  const shell = new Shell(page);

  await new LoginPage(page).logInToHome(ACCOUNTS.admin);

  // Settings → API tokens: a token with the import scope (read is ticked already), its secret shown once.
  await shell.openSettings();
  const section = page.getByTestId('settings-api-tokens');
  await expect(section).toBeVisible();
  await section.getByTestId('api-token-new').click();
  const dialog = page.getByTestId('api-token-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('api-token-name').fill(tokenName);
  await expect(dialog.getByTestId('api-token-scope-read')).toBeChecked();
  await dialog.getByTestId('api-token-scope-import').check();
  await dialog.getByTestId('api-token-create').click();
  const secretField = dialog.getByTestId('api-token-secret').locator('input');
  await expect(secretField).toHaveValue(/^pwt_[A-Za-z0-9_-]{43}$/);
  const token = await secretField.inputValue();
  await dialog.getByTestId('api-token-done').click();
  await expect(dialog).toBeHidden();

  const row = section.getByTestId('api-tokens-table').locator('tbody tr').filter({ hasText: tokenName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Read');
  await expect(row).toContainText('Import');
  await expect(row).toContainText(`${token.slice(0, 8)}…`);
  await expect(row).toContainText('Never');

  // The script, outside the browser: upload, validate (writes nothing), commit, and wait for the import job.
  const call = scriptClient(baseURL!, token);
  const item = await scriptImportPipes(call, PIPES, { new_group_name: network });
  const datasetId = item.dataset_id;
  expect(datasetId).not.toBeNull();

  // The data page lists the new network: version 1, current, its three pipes.
  await shell.tab('data').click();
  await expect(page).toHaveURL(/\/data$/);
  const version = page.getByTestId(`dataset-version-${datasetId}`);
  await expect(version).toContainText(network);
  await expect(version.locator('td').nth(1)).toHaveText('1');
  await expect(version).toContainText('Current');
  await expect(version.locator('td').nth(3)).toHaveText('3');

  // Its analysis runs behind the other stories' on a shared worker: the selector offers it once it has run.
  await expect(async () => {
    await page.reload();
    await expect(version).toContainText('Complete', { timeout: 5_000 });
  }).toPass({ timeout: 300_000, intervals: [5_000] });

  // Chosen in the dataset selector, it opens on the map: centred on Louisville, its pipe tiles served.
  const pipeTile = page.waitForResponse(
    (r) => r.url().includes(`/api/tiles/${datasetId}/`) && r.url().includes('/pipes/') && r.status() === 200,
    { timeout: 240_000 },
  );
  const dropdown = page.getByTestId('dataset-dropdown');
  await expect(dropdown).toHaveAttribute('data-applying', 'false');
  await dropdown.click();
  await page.getByRole('option', { name: network, exact: true }).click();
  await expect(page).toHaveURL(/\/map(\/[\w-]+)?$/);
  await expect(dropdown).toContainText(network);
  await expect(dropdown).toHaveAttribute('data-applying', 'false');
  const map = new MapPage(page);
  await map.waitAnalysed();
  await map.waitDrawn();
  await pipeTile;
  await expect(async () => {
    const [lng, lat] = ((await map.map().getAttribute('data-center')) ?? '').split(',').map(Number);
    expect(lng).toBeGreaterThan(-86);
    expect(lng).toBeLessThan(-85);
    expect(lat).toBeGreaterThan(37.5);
    expect(lat).toBeLessThan(38.5);
  }).toPass({ timeout: 20_000 });
  await page.screenshot({ path: 'test-results/api-tokens-map.png' });

  // Back to the demo town: drawn on its own streets, the map is built again and must open at the town's own view,
  // not where the 3-pipe network was, and draw its pipes (it stayed there, and then drew none: MapView.tsx readyMap).
  const groups = await ok<{ snapshot_group_name: string; datasets: { center: number[]; zoom: number }[] }[]>(
    await call('GET', '/api/snapshot-groups'),
  );
  const town = groups.find((g) => g.snapshot_group_name === 'Demo town (synthetic)')!.datasets[0]!;
  await dropdown.click();
  await page.getByRole('option', { name: 'Demo town (synthetic)', exact: true }).click();
  await expect(dropdown).toHaveAttribute('data-applying', 'false');
  await expect(map.map()).toHaveAttribute('data-basemap', 'demo-town');
  await map.waitDrawn();
  const [lng, lat] = ((await map.map().getAttribute('data-center')) ?? '').split(',').map(Number);
  expect(lng).toBeCloseTo(town.center[0]!, 3);
  expect(lat).toBeCloseTo(town.center[1]!, 3);
  expect(Number(await map.map().getAttribute('data-zoom'))).toBeCloseTo(town.zoom, 1);

  // Back in the settings the token shows it was used; revoked there, the script's next call is refused.
  await shell.openSettings();
  await expect(row).toHaveCount(1);
  await expect(row).not.toContainText('Never');
  await row.locator('[data-testid^="api-token-revoke-"]').click();
  const confirm = page.getByTestId('api-token-revoke-dialog');
  await expect(confirm).toContainText(tokenName);
  await confirm.getByTestId('api-token-revoke-confirm').click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);

  const refused = await call('GET', `/api/imports/${item.id}`);
  expect(refused.status).toBe(401);
  expect(await refused.json()).toMatchObject({ code: 'TOKEN_REVOKED' });
});
