// The long-term renewal programme (issue 39): two to five budget scenarios run forward over 5–50 years on the
// utility's own deterioration model, and the flat budget that holds breaks at today's level. The server builds the
// network (server modules/programmes) and stores what this returns; see README.md beside this file.
import { holdFlatBudget, type HoldFlatBudget } from './hold-flat.ts';
import { runScenario, type RiskCriterion } from './simulate.ts';
import type { ProgrammeNetwork, ProgrammeStrategy, ScenarioResult } from './types.ts';

export interface ProgrammeInput {
  readonly network: ProgrammeNetwork;
  readonly horizonYears: number;
  readonly strategy: ProgrammeStrategy;
  readonly criterion: RiskCriterion;
  /** Yearly budgets per scenario, each of horizonYears numbers. */
  readonly scenarios: readonly { readonly name: string; readonly budgets: readonly number[] }[];
  /** The MILP time limit of each scenario's first year (the auto planner's default when absent). */
  readonly timeLimitS?: number;
}

export interface ProgrammeResult {
  readonly scenarios: (ScenarioResult & { readonly name: string })[];
  readonly holdFlat: HoldFlatBudget;
}

export async function runProgramme(
  input: ProgrammeInput,
  onProgress?: (fraction: number) => void,
): Promise<ProgrammeResult> {
  const { network, horizonYears } = input;
  for (const s of input.scenarios)
    if (s.budgets.length !== horizonYears)
      throw new RangeError(`scenario ${s.name}: ${s.budgets.length} budgets for ${horizonYears} years`);
  // The scenarios take about two thirds of the work, the bisection the rest.
  const scenarioShare = 2 / 3;
  const scenarios: ProgrammeResult['scenarios'] = [];
  for (const [k, s] of input.scenarios.entries()) {
    const result = await runScenario(
      network,
      { budgets: s.budgets, strategy: input.strategy, criterion: input.criterion },
      { exactFirstYear: true, ...(input.timeLimitS === undefined ? {} : { timeLimitS: input.timeLimitS }) },
      (t) => onProgress?.((scenarioShare * (k + (t + 1) / horizonYears)) / input.scenarios.length),
    );
    scenarios.push({ name: s.name, ...result });
  }
  const holdFlat = await holdFlatBudget(
    network,
    { strategy: input.strategy, criterion: input.criterion },
    horizonYears,
    Math.max(...input.scenarios.map((s) => Math.max(...s.budgets))),
    (k, of) => onProgress?.(scenarioShare + ((1 - scenarioShare) * k) / of),
  );
  onProgress?.(1);
  return { scenarios, holdFlat };
}
