// One budget scenario run forward year by year (issue 39): each year the strategy spends the year's budget (and
// what earlier years left) on renewals, then the year is counted: expected breaks after its renewals with their
// interval, total risk, length renewed, the network's age and the share of it past its remaining useful life.
// Memory is O(pipes): a few typed arrays per scenario, whatever the horizon.
import { agedBreaks, renewedBreaks, riskOf } from './deterioration.ts';
import { countInterval95 } from './poisson-interval.ts';
import { strategyFor, type StrategyOptions } from './strategies.ts';
import type { ProgrammeNetwork, ProgrammeStrategy, ProgrammeYear, ScenarioResult } from './types.ts';

export type RiskCriterion = 'bre' | 'lof';

export interface ScenarioInput {
  /** One budget per year of the horizon. */
  readonly budgets: readonly number[];
  readonly strategy: ProgrammeStrategy;
  /** What the risk strategy weighs: total risk in money, or the probability of a break where there is no COF. */
  readonly criterion: RiskCriterion;
}

/** Ages are counted in whole years in a histogram this wide (older ones in the last bucket). */
const MAX_AGE_BUCKET = 400;

export async function runScenario(
  net: ProgrammeNetwork,
  scenario: ScenarioInput,
  options: StrategyOptions,
  onYear?: (index: number) => void,
): Promise<ScenarioResult> {
  const { pipes, minAgeYears } = net;
  const n = pipes.length;
  const renewed = new Uint8Array(n);
  const renewedIn = new Int16Array(n).fill(-1);
  const projectOf = new Int32Array(n).fill(-1);
  const breaksNow = new Float64Array(n);
  const risk = new Float64Array(n);
  const ageWeights = new Float64Array(MAX_AGE_BUCKET + 1);
  const strategy = strategyFor(scenario.strategy, net, options);
  const years: ProgrammeYear[] = [];
  let carried = 0;
  for (let t = 0; t < scenario.budgets.length; t++) {
    for (let i = 0; i < n; i++) {
      const p = pipes[i]!;
      breaksNow[i] = renewed[i] === 1 ? renewedBreaks(p) : agedBreaks(p, t, minAgeYears);
      risk[i] = scenario.criterion === 'bre' ? riskOf(breaksNow[i]!, p.cof) : 1 - Math.exp(-breaksNow[i]!);
    }
    const budget = Math.max(0, scenario.budgets[t]!);
    const available = budget + carried;
    const selection = await strategy.selectYear({ year: t, available, renewed, risk });
    let lengthRenewedM = 0;
    let pipesRenewed = 0;
    selection.groups.forEach((group, k) => {
      for (const i of group) {
        if (renewed[i] === 1) throw new Error(`pipe ${pipes[i]!.id} renewed twice`);
        renewed[i] = 1;
        renewedIn[i] = t;
        projectOf[i] = k;
        breaksNow[i] = renewedBreaks(pipes[i]!);
        lengthRenewedM += pipes[i]!.lengthM;
        pipesRenewed += 1;
      }
    });
    years.push({
      index: t,
      budget,
      carriedIn: carried,
      spend: selection.spend,
      pipesRenewed,
      lengthRenewedM,
      projects: selection.groups.length,
      ...yearFigures(net, t, renewedIn, breaksNow, ageWeights),
    });
    carried = Math.max(0, available - selection.spend);
    onYear?.(t);
  }
  return { years, renewedIn, projectOf };
}

function yearFigures(
  net: ProgrammeNetwork,
  t: number,
  renewedIn: Int16Array,
  breaksNow: Float64Array,
  ageWeights: Float64Array,
) {
  ageWeights.fill(0);
  let expected = 0;
  let bre = 0;
  let agedLength = 0;
  let ageSum = 0;
  let rulLength = 0;
  let pastRulLength = 0;
  net.pipes.forEach((p, i) => {
    expected += breaksNow[i]!;
    bre += riskOf(breaksNow[i]!, p.cof);
    const renewed = renewedIn[i]! >= 0;
    const age = renewed ? t - renewedIn[i]! : p.ageYears === null ? null : p.ageYears + t;
    if (age !== null) {
      agedLength += p.lengthM;
      ageSum += age * p.lengthM;
      ageWeights[Math.min(MAX_AGE_BUCKET, Math.max(0, Math.round(age)))]! += p.lengthM;
    }
    if (renewed || p.rulYears !== null) {
      rulLength += p.lengthM;
      if (!renewed && p.rulYears! <= t) pastRulLength += p.lengthM;
    }
  });
  const [low, high] = countInterval95(expected, net.dispersion ?? 1);
  return {
    expectedBreaks: expected,
    expectedBreaksLow: low,
    expectedBreaksHigh: high,
    bre,
    meanAge: agedLength > 0 ? ageSum / agedLength : null,
    p90Age: agedLength > 0 ? weightedQuantile(ageWeights, agedLength, 0.9) : null,
    sharePastRul: rulLength > 0 ? pastRulLength / rulLength : null,
  };
}

/** The smallest age with at least `q` of the length at or below it. */
function weightedQuantile(weights: Float64Array, total: number, q: number): number {
  let below = 0;
  for (let age = 0; age < weights.length; age++) {
    below += weights[age]!;
    if (below >= q * total - 1e-9) return age;
  }
  return weights.length - 1;
}
