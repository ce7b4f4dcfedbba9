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
