// "Planner scenario switch" (001 §4, CHECKLIST COF-SW-01…04, TOAST-22): go to the COF scenarios, show a toast, load
// the scenarios, toggle the chosen one on, fetch the dataset property and the snapshot groups again, then go back to
// the planner. Kept apart from React so the order is testable; use-cof-scenario-switch.ts wires it to the app.
import type { CofScenarioList, ScenarioChoice } from '../types.ts';

export const SCENARIOS_PATH = '/cof/scenarios';

export interface SwitchDeps {
  goTo: (path: string) => void;
  /** TOAST-22: 'Switching COF scenario to X…'. */
  toastSwitching: (name: string) => void;
  toastFailed: (name: string) => void;
  setSwitching: (name: string | null) => void;
  loadScenarios: () => Promise<CofScenarioList>;
  setEnabled: (id: number, enabled: boolean) => Promise<void>;
  /** The dataset (its property: the scenario it is analysed with) and the snapshot groups. */
  refetchDatasets: () => Promise<void>;
  logError: (message: string, err: unknown) => void;
}

/**
 * The default (id null) is not a saved scenario: choosing it turns off the group's enabled one, which the server then
 * falls back from (CofScenarioList.default_scenario). Resolves true when switched; `back` is the planner path to
 * return to (its view, e.g. /planner/cof).
 */
export async function switchCofScenario(
  deps: SwitchDeps,
  target: ScenarioChoice,
  back = '/planner',
): Promise<boolean> {
  deps.goTo(SCENARIOS_PATH);
  deps.toastSwitching(target.name);
  deps.setSwitching(target.name);
  try {
    const list = await deps.loadScenarios();
    if (target.id === null) {
      const enabled = list.cofScenarios.find((s) => s.enabled);
      if (enabled?.id != null) await deps.setEnabled(enabled.id, false);
    } else {
      const chosen = list.cofScenarios.find((s) => s.id === target.id);
      if (!chosen) throw new Error(`COF scenario ${target.id} is gone`);
      if (!chosen.enabled) await deps.setEnabled(target.id, true);
    }
    await deps.refetchDatasets();
  } catch (err) {
    deps.logError('Switching the COF scenario failed', err);
    deps.toastFailed(target.name);
    // Stay on the scenarios: the user sees which one is in use and may try again.
    return false;
  } finally {
    deps.setSwitching(null);
  }
  deps.goTo(back);
  return true;
}
