// The programme form (issue 39) as typed, its checks and the POST /api/programmes body it becomes: a first year, a
// horizon of 5–50 years, a strategy, and two to five scenarios whose yearly budget is flat, rises by a percentage
// each year, or is typed year by year (amounts in the COF scenario's currency). Pure: the form only renders it.
import {
  PROGRAMME_LIMITS,
  PROGRAMME_STRATEGIES,
  yearlyBudgets,
  type ProgrammeStrategyName,
} from '@pipewise/domain';
import type { ProgrammeInputView } from '../api/programmes.ts';
import { parseDecimal } from './numbers.ts';

export type BudgetKind = 'flat' | 'rising' | 'typed';
export const BUDGET_KINDS: readonly BudgetKind[] = ['flat', 'rising', 'typed'];
export const STRATEGIES: readonly ProgrammeStrategyName[] = PROGRAMME_STRATEGIES;

export interface ScenarioDraft {
  name: string;
  kind: BudgetKind;
  /** The flat budget, or the first year's when it rises. */
  amount: string;
  /** Percent a year, with kind 'rising'. */
  rise: string;
  /** One per year of the horizon, with kind 'typed'. */
  years: string[];
}

export interface ProgrammeFormValues {
  startYear: string;
  horizon: string;
  strategy: ProgrammeStrategyName;
  scenarios: ScenarioDraft[];
}

/** Field → the planner:programme.form.errors key it fails with. */
export type ProgrammeFormErrors = Record<string, string>;

export function scenarioDraft(name: string, amount = '', kind: BudgetKind = 'flat'): ScenarioDraft {
  return { name, kind, amount, rise: kind === 'rising' ? '3' : '', years: [] };
}

export function programmeDefaults(
  thisYear: number,
  scenarioName: (n: number) => string,
): ProgrammeFormValues {
  return {
    startYear: String(thisYear),
    horizon: String(PROGRAMME_LIMITS.horizon.default),
    strategy: 'risk',
    scenarios: [scenarioDraft(scenarioName(1)), scenarioDraft(scenarioName(2))],
  };
}

const horizonOf = (values: ProgrammeFormValues): number | null => {
  const h = parseDecimal(values.horizon);
  return Number.isInteger(h) && h >= PROGRAMME_LIMITS.horizon.min && h <= PROGRAMME_LIMITS.horizon.max
    ? h
    : null;
};

/** The typed years of a scenario, as many as the horizon: cut, or filled on with the last one typed. */
export function fitYears(years: readonly string[], horizon: number, fill = ''): string[] {
  const last = years.length > 0 ? years[years.length - 1]! : fill;
  return Array.from({ length: horizon }, (_, k) => years[k] ?? last);
}

/** A typed-per-year editor starts from what the scenario had: its flat or rising budgets, rounded. */
export function yearsFrom(draft: ScenarioDraft, horizon: number): string[] {
  const amount = parseDecimal(draft.amount);
  if (!Number.isFinite(amount)) return fitYears(draft.years, horizon);
  const rise = draft.kind === 'rising' ? parseDecimal(draft.rise) : 0;
  return yearlyBudgets(
    { name: draft.name, yearly_budget: amount, rise_percent: Number.isFinite(rise) ? rise : 0 },
    horizon,
  ).map((v) => String(Math.round(v)));
}

const isMoney = (text: string) => {
  const v = parseDecimal(text);
  return Number.isFinite(v) && v >= 0;
};

export function validateProgramme(values: ProgrammeFormValues, minYear: number | null): ProgrammeFormErrors {
  const errors: ProgrammeFormErrors = {};
  const start = parseDecimal(values.startYear);
  if (!Number.isInteger(start)) errors.startYear = 'year';
  else if (minYear !== null && start < minYear) errors.startYear = 'yearRange';
  else if (minYear !== null && start > minYear + PROGRAMME_LIMITS.startYearsAhead)
    errors.startYear = 'yearRange';
  const horizon = horizonOf(values);
  if (horizon === null) errors.horizon = 'horizon';
  const names = values.scenarios.map((s) => s.name.trim().toLowerCase());
  values.scenarios.forEach((s, k) => {
    if (s.name.trim() === '') errors[`scenarios.${k}.name`] = 'required';
    else if (names.indexOf(names[k]!) !== k) errors[`scenarios.${k}.name`] = 'sameName';
    if (s.kind === 'typed') {
      if (horizon !== null && !fitYears(s.years, horizon).every(isMoney))
        errors[`scenarios.${k}.years`] = 'money';
    } else if (!isMoney(s.amount)) errors[`scenarios.${k}.amount`] = 'money';
    if (s.kind === 'rising') {
      const rise = parseDecimal(s.rise);
      if (!Number.isFinite(rise) || rise < -50 || rise > 50) errors[`scenarios.${k}.rise`] = 'rise';
    }
  });
  return errors;
}

/** The POST body (its keys snake_cased by the api client). Call once validateProgramme finds nothing. */
export function toProgrammeInput(values: ProgrammeFormValues, datasetId: number): ProgrammeInputView {
  const horizon = horizonOf(values) ?? PROGRAMME_LIMITS.horizon.default;
  return {
    datasetId,
    startYear: parseDecimal(values.startYear),
    horizonYears: horizon,
    strategy: values.strategy,
    scenarios: values.scenarios.map((s) => {
      const name = s.name.trim();
      if (s.kind === 'typed')
        return { name, yearlyBudget: fitYears(s.years, horizon).map((y) => parseDecimal(y)) };
      const yearlyBudget = parseDecimal(s.amount);
      return s.kind === 'rising'
        ? { name, yearlyBudget, risePercent: parseDecimal(s.rise) }
        : { name, yearlyBudget };
    }),
  };
}
