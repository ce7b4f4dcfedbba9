import { expect, type Locator, type Page } from '@playwright/test';
import { MapPage } from './map-page.ts';

const DEMO_TOWN = 'Demo town (synthetic)';

/** The job planner as a user drives it: scenarios in the filters pane's Planner tab, and the planner panel. */
export class PlannerPage {
  readonly map: MapPage;

  constructor(private readonly page: Page) {
    this.map = new MapPage(page);
  }

  /**
   * Opens /planner on the demo town and waits until its analysis is served, the map drawn and the panel shown. The
   * stories share one database: a user's current dataset may be a network another story imported.
   */
  async open() {
    await this.page.goto('/planner');
    const dropdown = this.page.getByTestId('dataset-dropdown');
    await expect(dropdown).not.toHaveAttribute('data-empty', 'true');
    // Its name is the current network's only once the current snapshot is in (data-ready).
    await expect(dropdown).toHaveAttribute('data-ready', 'true');
    if (!((await dropdown.textContent()) ?? '').includes(DEMO_TOWN)) {
      await dropdown.click();
      await this.page.getByRole('option', { name: DEMO_TOWN }).click();
      await expect(dropdown).toContainText(DEMO_TOWN);
      await expect(dropdown).toHaveAttribute('data-applying', 'false');
      // Switching in the planner keeps the user there.
      await expect(this.page).toHaveURL(/\/planner$/);
    }
    await this.map.waitAnalysed();
    await this.map.waitDrawn();
    await expect(this.panel()).toBeVisible();
  }

  toast(): Locator {
    return this.page.getByTestId('toast');
  }

  // ---- scenarios (filters pane, Planner tab) ----

  async openPlannerTab() {
    await this.map.openFilters();
    await this.page.getByTestId('filters-pane').getByRole('tab', { name: 'Planner' }).click();
    await expect(this.page.getByTestId('planner-scenarios')).toBeVisible();
  }

  scenarios(): Locator {
    return this.page.getByTestId('planner-scenario');
  }

  scenario(name: string): Locator {
    return this.scenarios().filter({
      has: this.page.getByTestId('scenario-name').getByText(name, { exact: true }),
    });
  }

  /** 'New scenario': returns the name it was given ('Job N (date)'), the one name that was not listed before. */
  async createScenario(): Promise<string> {
    const names = this.scenarios().getByTestId('scenario-name');
    const before = await names.allTextContents();
    await this.page.getByTestId('scenario-create').click();
    await expect(this.scenarios()).toHaveCount(before.length + 1);
    const added = (await names.allTextContents()).filter((n) => !before.includes(n));
    expect(added).toHaveLength(1);
    return added[0]!;
  }

  async selectScenario(name: string) {
    await this.scenario(name).getByTestId('scenario-name').click();
    await expect(this.scenario(name)).toHaveAttribute('data-selected', 'true');
  }

  async renameScenario(name: string, next: string) {
    await this.scenario(name).getByTestId('scenario-rename').click();
    await this.page.getByTestId('scenario-name-input').fill(next);
    await this.page.getByTestId('scenario-name-input').press('Enter');
    await expect(this.scenario(next)).toBeVisible();
  }

  async saveFiltersToScenario() {
    await this.page.getByTestId('scenario-save-filters').click();
  }

  // ---- the planner panel ----

  panel(): Locator {
    return this.page.getByTestId('planner-panel');
  }

  step(name: 'manage' | 'area' | 'generate' | 'review' | 'save'): Locator {
    return this.page.getByTestId(`planner-step-${name}`);
  }

  async startNewWork() {
    await this.page.getByTestId('planner-new-work').click();
    await expect(this.page.getByTestId('planner-area')).toBeVisible();
  }

  /** From the area step: the auto planner's form (whole network, default lengths). */
  async openAutoPlanner(): Promise<Locator> {
    await this.page.getByTestId('planner-to-generate').click();
    const form = this.page.getByTestId('auto-planner-form');
    await expect(form).toBeVisible();
    return form;
  }

  /** The auto planner with this budget; the plan's review shows. */
  async generatePlan(form: Locator, budget: number) {
    await form.getByTestId('auto-budget').fill(String(budget));
    await form.getByTestId('auto-submit').click();
    await expect(this.page.getByTestId('plan-review')).toBeVisible();
  }

  review(): Locator {
    return this.page.getByTestId('plan-review');
  }

  /** Waits for the plan's job to end and returns its outcome (success, lowBudget, outRanged, failed). */
  async planOutcome(): Promise<string> {
    await expect(this.review()).not.toHaveAttribute('data-outcome', 'running', { timeout: 180_000 });
    return (await this.review().getAttribute('data-outcome')) ?? '';
  }

  proposals(): Locator {
    return this.page.getByTestId('proposal');
  }

  async acceptProposal(rank = 1) {
    await this.proposals()
      .and(this.page.locator(`[data-rank="${rank}"]`))
      .getByTestId('proposal-accept')
      .click();
    await expect(this.projectDetail()).toBeVisible({ timeout: 30_000 });
  }

  projectDetail(): Locator {
    return this.page.getByTestId('project-detail');
  }

  projectStatus(): Locator {
    return this.projectDetail().getByTestId('project-status');
  }

  /** Through the status menu and its confirmation, with an optional note (issue 36). */
  async changeStatus(to: 'inProgress' | 'inspecting' | 'finished' | 'delayed' | 'closed', note = '') {
    await this.page.getByTestId('project-status-menu').click();
    await this.page.getByTestId(`project-status-${to}`).click();
    if (note) await this.page.getByTestId('project-status-note').fill(note);
    await this.page.getByTestId('project-status-confirm').click();
    await expect(this.projectStatus()).toHaveAttribute('data-status', to);
  }

  /** Edit the open project: its inspector picked from the client's users by e-mail (issue 36). */
  async assignInspector(email: string) {
    await this.page.getByTestId('project-edit').click();
    const pick = this.page.getByTestId('project-inspector-pick');
    await pick.click();
    await pick.fill(email);
    await this.page.getByRole('option', { name: new RegExp(email.replace(/[.]/g, '\\.')) }).click();
    await this.page.getByRole('dialog').getByTestId('project-submit').click();
    await expect(this.page.getByRole('dialog')).toBeHidden();
  }

  async backToProjects() {
    await this.page.getByTestId('project-back').click();
    await expect(this.page.getByTestId('project-list')).toBeVisible();
  }

  projectItems(): Locator {
    return this.page.getByTestId('project-item');
  }

  projectItem(name: string): Locator {
    return this.projectItems().filter({ hasText: name });
  }
}
