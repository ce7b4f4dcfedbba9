import { expect, test } from './support/test.ts';
import { ACCOUNTS } from './support/accounts.ts';
import { LoginPage } from './support/login-page.ts';
import { PlannerPage } from './support/planner-page.ts';

// Issue 36: on a 1280 × 800 laptop the drawer, the view menu, the filters pane and the planner panel left the map
// 112 px. The map keeps half the window: the drawer folds to icons, the filters sit in the planner's column as a
// tab, and the legend folds while the map is narrow.
test.use({ viewport: { width: 1280, height: 800 } });

test('the planner is usable at 1280 × 800 with the filters pane open', async ({ page }) => {
  await new LoginPage(page).logInToHome(ACCOUNTS.worker);
  const planner = new PlannerPage(page);
  await planner.open();
  const mapWidth = async () => (await planner.map.map().boundingBox())!.width;

  // The planner alone: the drawer folds, the map keeps its half, and the legend folds over a map under 760 px.
  await expect(page.getByTestId('nav-drawer')).toHaveAttribute('data-collapsed', 'true');
  await expect.poll(mapWidth).toBeGreaterThanOrEqual(640);
  await expect(page.getByTestId('legend')).toBeHidden();
  await expect(page.getByTestId('legend-toggle')).toBeVisible();

  // The filters open into the planner's column as a tab, not beside it.
  await planner.openPlannerTab();
  const dock = page.getByTestId('pane-dock');
  await expect(dock).toHaveAttribute('data-active', 'filters');
  await expect(planner.panel()).toBeHidden();
  await expect.poll(mapWidth).toBeGreaterThanOrEqual(640);
  await expect(page.getByTestId('planner-scenarios')).toBeVisible();

  // Back to the planner by its tab: its steps work with the filters still open.
  await dock.getByTestId('dock-tab-planner').click();
  await expect(planner.panel()).toBeVisible();
  await planner.startNewWork();
  const form = await planner.openAutoPlanner();
  const budget = form.getByTestId('auto-budget');
  await expect(budget).toBeInViewport();
  await dock.getByTestId('dock-tab-filters').click();
  await expect(page.getByTestId('filters-pane')).toBeVisible();
  await dock.getByTestId('dock-tab-planner').click();
  await expect(form, 'the planner kept its step while the filters were shown').toBeVisible();

  // The folded legend opens on a click and stays inside the map.
  await page.getByTestId('legend-toggle').click();
  const legend = await page.getByTestId('legend').boundingBox();
  const map = await planner.map.map().boundingBox();
  expect(legend!.x).toBeGreaterThanOrEqual(map!.x);
  expect(legend!.x + legend!.width).toBeLessThanOrEqual(map!.x + map!.width + 1);
  await page.screenshot({ path: 'test-results/planner-1280.png' });

  // Filters closed from the drawer while the planner's tab is shown: the planner's own column again.
  await page.getByTestId('filters-toggle').click();
  await expect(dock).toBeHidden();
  await expect(planner.panel()).toBeVisible();
  await expect(form).toBeVisible();
});
