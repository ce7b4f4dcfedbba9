import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { AnalysisDialog } from './support/analysis-dialog.ts';
import { LoginPage } from './support/login-page.ts';
import { MapPage } from './support/map-page.ts';

const DEMO_NETWORK = 'Demo town (synthetic)';

// The demo town is analysed by the server's worker after the first start (seeded, then queued): the map shows the
// analysis' stage and progress until it completes, then the network; /data shows the runs and the model card.
test('the demo town is analysed in the background and its model card shows the backtest', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await new LoginPage(page).logInToHome(ACCOUNTS.worker);
  await page.goto('/map');
  const overlay = page.getByTestId('dataset-status-overlay');
  // Depending on how far the analysis got before this test, the overlay is up (with the stage) or already gone.
  if (await overlay.isVisible()) {
    await expect(page.getByTestId('dataset-status-label')).not.toBeEmpty();
  }
  // Until the status says served (the overlay may not have rendered yet when the page has just loaded).
  const map = new MapPage(page);
  await map.waitAnalysed();
  await expect(overlay).toBeHidden();
  // The map opened while the analysis ran is drawn in the analysis' colours without a reload. (The race that once
  // left it grey, tile URLs swapped while the old ones loaded, is timing-bound; apply-layers.test.ts pins the fix.)
  await map.waitDrawn();
  const counts = await map.mapColourCounts(await map.legendColours());
  expect(
    counts.reduce((a, b) => a + b, 0),
    `pipes in the legend's colours (${counts.join(',')})`,
  ).toBeGreaterThan(200);

  const dialog = new AnalysisDialog(page);
  await dialog.openFor(DEMO_NETWORK);
  await expect(dialog.dialog().locator('[data-stage="complete"]').first()).toBeVisible({ timeout: 60_000 });
  await expect(dialog.modelCard()).toBeVisible({ timeout: 30_000 });
  const oneYear = dialog.backtest(1);
  await expect(oneYear).toBeVisible();
  // The peer protocol: the model, the two raw rankings a utility would use, and the paired difference.
  await expect(oneYear.locator('tbody tr')).toHaveCount(4);
  await expect(oneYear).toContainText('Ranking quality (AUC)');
  await expect(oneYear).toContainText('Oldest first');
  await expect(oneYear).toContainText('Most previous breaks first');
  await expect(dialog.backtest(3)).toBeVisible();
  await expect(page.getByTestId('model-features')).toContainText('%');
  // Workers read the card; only administrators start analyses.
  await expect(dialog.runButton()).toHaveCount(0);
});

// DATA-ST-07…10: when the current dataset's status turns COMPLETE after one that was not, the map resets and is built
// again from the snapshot and groups fetched anew, with the 'ready' toast (TOAST-07). The demo town is analysed long
// before a story could watch it finish, so the status list says TILING (6) until the story lets the real one through.
test('the map is rebuilt from a fresh snapshot when the analysis completes, with a toast', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await new LoginPage(page).logInToHome(ACCOUNTS.viewer);
  const map = new MapPage(page);
  await map.open('lof');
  let tiling = true;
  await page.route('**/api/datasets/status', async (route) => {
    const response = await route.fetch();
    const entries = (await response.json()) as { status: number }[];
    await route.fulfill({ response, json: tiling ? entries.map((e) => ({ ...e, status: 6 })) : entries });
  });
  await page.reload();
  const overlay = page.getByTestId('dataset-status-overlay');
  await expect(overlay).toHaveAttribute('data-status', '6');
  await map.map().evaluate((el) => el.setAttribute('data-e2e-before', ''));
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));

  tiling = false;
  // The next poll (every 10 s while not complete) finds it complete.
  await expect(page.getByTestId('toast').filter({ hasText: 'The dataset is now ready' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(overlay).toBeHidden();
  await expect(page.locator('[data-testid="map"][data-e2e-before]')).toHaveCount(0);
  await map.waitDrawn();
  expect(fetched).toEqual(expect.arrayContaining(['/api/snapshots/current', '/api/snapshot-groups']));
});
