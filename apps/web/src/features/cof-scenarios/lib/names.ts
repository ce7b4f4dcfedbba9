// How a scenario is called on screen: the country default by its currency ('Default (USD)'), whatever name the
// server gives it, so the list, the editor and the planner's button read alike; a saved one by its own name.
import type { TFunction } from 'i18next';
import type { CofScenario, CofScenarioList, ScenarioChoice } from '../types.ts';

export function scenarioName(t: TFunction, scenario: Pick<CofScenario, 'id' | 'name' | 'currency'>): string {
  return scenario.id === null ? t('cof:defaultName', { currency: scenario.currency }) : scenario.name;
}

/** The scenario the group's analyses use: the enabled saved one, else the default. */
export function inUse(list: CofScenarioList): CofScenario {
  return list.cofScenarios.find((s) => s.enabled) ?? list.defaultScenario;
}

export function choiceOf(t: TFunction, scenario: CofScenario): ScenarioChoice {
  return { id: scenario.id, name: scenarioName(t, scenario) };
}

/**
 * Issue 38: the cost model behind the COF and BRE on screen, as the dataset names it (`cof_scenario`: the served
 * analysis' scenario); null while the dataset serves no COF results. The sub-bar, the planner and the details pane
 * all read it here, so they change together when a re-run swaps new results in.
 */
export function servedCofName(
  t: TFunction,
  served: Pick<CofScenario, 'id' | 'name' | 'currency'> | null | undefined,
): string | null {
  return served ? scenarioName(t, served) : null;
}
