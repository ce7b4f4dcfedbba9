import { describe, expect, it } from 'vitest';
import {
  fitYears,
  programmeDefaults,
  scenarioDraft,
  toProgrammeInput,
  validateProgramme,
  yearsFrom,
  type ProgrammeFormValues,
} from './programme-form.ts';

const values = (over: Partial<ProgrammeFormValues> = {}): ProgrammeFormValues => ({
  ...programmeDefaults(2026, (n) => `Scenario ${n}`),
  ...over,
});

describe('programme form', () => {
  it('starts this year, over 20 years, by risk removed per cost, with two scenarios', () => {
    expect(values()).toMatchObject({ startYear: '2026', horizon: '20', strategy: 'risk' });
    expect(values().scenarios.map((s) => s.name)).toEqual(['Scenario 1', 'Scenario 2']);
  });

  it('sends a flat budget as a number, a rising one with its percentage, a typed one year by year', () => {
    const v = values({
      horizon: '5',
      scenarios: [
        scenarioDraft('Flat', '1000000'),
        { ...scenarioDraft('Rising', '1000000', 'rising'), rise: '2,5' },
        { ...scenarioDraft('Typed', '', 'typed'), years: ['1', '2', '3'] },
      ],
    });
    expect(validateProgramme(v, 2025)).toEqual({});
    expect(toProgrammeInput(v, 3)).toEqual({
      datasetId: 3,
      startYear: 2026,
      horizonYears: 5,
      strategy: 'risk',
      scenarios: [
        { name: 'Flat', yearlyBudget: 1000000 },
        { name: 'Rising', yearlyBudget: 1000000, risePercent: 2.5 },
        // Fewer years typed than the horizon: the last one carries on.
        { name: 'Typed', yearlyBudget: [1, 2, 3, 3, 3] },
      ],
    });
  });

  it('refuses a missing or repeated name, a negative amount, a horizon out of 5–50, a year before the scoring year', () => {
    const v = values({
      startYear: '2020',
      horizon: '60',
      scenarios: [scenarioDraft('A', '-1'), scenarioDraft('a', '10'), scenarioDraft(' ', '10')],
    });
    expect(validateProgramme(v, 2025)).toEqual({
      startYear: 'yearRange',
      horizon: 'horizon',
      'scenarios.0.amount': 'money',
      'scenarios.1.name': 'sameName',
      'scenarios.2.name': 'required',
    });
  });

  it('a per-year editor starts from the flat or rising budgets and follows the horizon', () => {
    expect(yearsFrom({ ...scenarioDraft('R', '1000', 'rising'), rise: '10' }, 3)).toEqual([
      '1000',
      '1100',
      '1210',
    ]);
    expect(fitYears(['1', '2'], 4)).toEqual(['1', '2', '2', '2']);
    expect(fitYears(['1', '2', '3'], 2)).toEqual(['1', '2']);
  });
});
