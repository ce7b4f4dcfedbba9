import { expect, type Locator, type Page } from '@playwright/test';
import { countColours, findColour } from './pixels.ts';

const BACKGROUND = [0xe9, 0xee, 0xf3];
const nearBackground = (hex: string) =>
  [1, 3, 5].every((at, i) => Math.abs(parseInt(hex.slice(at, at + 2), 16) - BACKGROUND[i]!) <= 40);

/** The map screen as a user drives it: views, legend, filters, boundaries, selection, details and controls. */
export class MapPage {
  constructor(private readonly page: Page) {}

  map() {
    return this.page.getByTestId('map');
  }

  /** Opens /map (or /map/{view}) and waits until the analysis is served and the active layer has drawn. */
  async open(view?: string) {
    await this.page.goto(view ? `/map/${view}` : '/map');
    await this.waitAnalysed();
    await this.waitDrawn();
  }

  /** The current dataset's analysis is served (status COMPLETE, 0) and its overlay gone. */
  async waitAnalysed() {
    await expect(this.page.getByTestId('map-area')).toHaveAttribute('data-dataset-status', '0', {
      timeout: 240_000,
    });
    await expect(this.page.getByTestId('dataset-status-overlay')).toBeHidden({ timeout: 60_000 });
  }

  /**
   * The active layer has loaded and the map has settled on what it was last asked to draw — view, colours, filter,
   * selection — at the view it has now (MapView's data-settled: MapLibre was idle after the change was applied).
   * Pixels read after it are the ones the user sees; no fixed wait for 'one more frame'.
   */
  async waitDrawn() {
    await expect(this.map()).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 });
    await expect(this.map()).toHaveAttribute('data-settled', 'true', { timeout: 60_000 });
  }

  /** Chooses a view in the view menu and waits until the map is drawn in its colours. */
  async chooseView(alias: string) {
    const before = await this.map().getAttribute('data-view-color');
    await this.viewItem(alias).click();
    await expect(this.page).toHaveURL(new RegExp(`/map/${alias}$`));
    await expect(this.map()).not.toHaveAttribute('data-view-color', before ?? '');
    await this.waitDrawn();
  }

  /** Zooms in with the control, `times` steps, and waits until the map has settled at the new zoom. */
  async zoomIn(times = 1) {
    const start = Number(await this.map().getAttribute('data-zoom'));
    for (let i = 0; i < times; i += 1) await this.page.getByTestId('zoom-in').click();
    await expect
      .poll(async () => Number(await this.map().getAttribute('data-zoom')), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(start + times - 0.01);
    await this.waitDrawn();
  }

  viewItem(alias: string): Locator {
    return this.page.getByTestId(`view-${alias}`);
  }

  async viewAliases(): Promise<string[]> {
    const ids = await this.page
      .locator('[data-testid^="view-"][role="button"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
    return ids.map((id) => id.replace(/^view-/, '')).filter((id) => id !== 'menu' && id !== 'menu-toggle');
  }

  legend() {
    return this.page.getByTestId('legend');
  }

  /** The tier colours the legend shows, top to bottom. */
  async legendColours(): Promise<string[]> {
    return this.page
      .getByTestId('legend-tiers')
      .locator('li')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-color') ?? ''));
  }

  /**
   * How many map pixels carry each colour (a screenshot of the map canvas only). A colour too close to the light
   * theme's plain background (#e9eef3) counts 0: the background would match it.
   */
  async mapColourCounts(colours: readonly string[], tolerance = 24): Promise<number[]> {
    await this.page.mouse.move(0, 0); // no hover popup in the picture
    const png = await this.map().locator('canvas').screenshot();
    const counts = countColours(png, colours, tolerance);
    return counts.map((n, i) => (nearBackground(colours[i] ?? '') ? 0 : n));
  }

  /** Clicks a spot of the map drawn in `colour` (a feature of that tier); false when the map shows none. */
  async clickColour(colour: string): Promise<boolean> {
    await this.page.mouse.move(0, 0);
    const canvas = this.map().locator('canvas');
    const spot = findColour(await canvas.screenshot(), colour);
    if (!spot) return false;
    await canvas.click({ position: spot });
    return true;
  }

  async openFilters() {
    await this.page.getByTestId('filters-toggle').click();
    await expect(this.page.getByTestId('filters-pane')).toBeVisible();
  }

  filterSection(key: string) {
    return this.page.getByTestId(`filter-${key}`);
  }

  async filterRange(key: string, low: string, high: string) {
    const section = this.filterSection(key);
    await section.click();
    await this.page.getByTestId(`${key}-low`).fill(low);
    await this.page.getByTestId(`${key}-high`).fill(high);
    await this.page.getByTestId(`slider-filter-${key}`).getByRole('button', { name: 'Apply' }).click();
  }

  filterButton(name: 'Save' | 'Restore' | 'Reset') {
    return this.page.getByTestId('filters-pane').getByRole('button', { name, exact: true });
  }

  savedFiltersDialog() {
    return this.page.getByTestId('saved-filters-dialog');
  }

  /** Clicks around the map centre until `testId` (the details of what was hit) shows. */
  async selectNearCentre(testId = 'pipe-details') {
    const box = await this.map().boundingBox();
    if (!box) throw new Error('the map has no box');
    const offsets = [0, 8, -8, 16, -16, 24, -24, 32, -32, 40, -40];
    // The pane opens at once on a hit (its content loads after): stop at the first hit, so a second click on the
    // same feature cannot deselect it. A hit changes the selection, so the map settles again before the next look.
    const pane = this.page.getByTestId('details-pane');
    for (const dx of offsets) {
      for (const dy of offsets) {
        await this.page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
        await this.waitDrawn();
        if (await pane.isVisible()) {
          await expect(this.page.getByTestId(testId)).toBeVisible({ timeout: 20_000 });
          return;
        }
      }
    }
    throw new Error(`nothing opening ${testId} near the map centre`);
  }

  async selectPipeNearCentre() {
    await this.selectNearCentre('pipe-details');
  }

  async clickCentre() {
    const box = await this.map().boundingBox();
    if (!box) throw new Error('the map has no box');
    await this.page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  }

  detailsPanel(id: string) {
    return this.page.getByTestId(`details-panel-${id}`);
  }
}
