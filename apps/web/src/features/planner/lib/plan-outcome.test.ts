import { describe, expect, it } from 'vitest';
import type { PlanView } from '../api/types.ts';
import { gainOverGreedy, planAdvice, planOutcome } from './plan-outcome.ts';

const plan = (over: Partial<PlanView>) =>
  ({
    state: 'done',
    result: 1,
    explanation: null,
    riskRemoved: null,
    greedyRiskRemoved: null,
    ...over,
  }) as PlanView;
const explanation = (over: object) => ({
  cheapestProjectCost: null,
  longestRunM: null,
  pipesConsidered: 10,
  pipesUncosted: 0,
  candidates: 3,
  ...over,
});

describe('plan outcome (PLAN-PLAN-02/03, TBD-15)', () => {
  it('reads the job state, then the result code', () => {
    expect(planOutcome(plan({ state: 'queued', result: null }))).toBe('running');
    expect(planOutcome(plan({ state: 'running', result: null }))).toBe('running');
    expect(planOutcome(plan({ result: 1 }))).toBe('success');
    expect(planOutcome(plan({ result: 2 }))).toBe('lowBudget');
    expect(planOutcome(plan({ state: 'failed', result: 3 }))).toBe('outRanged');
    expect(planOutcome(plan({ state: 'failed', result: null }))).toBe('failed');
  });

  it('says what to change with the numbers of the explanation', () => {
    expect(planAdvice(plan({ result: 2, explanation: explanation({ cheapestProjectCost: 48000 }) }))).toEqual(
      {
        kind: 'raiseBudget',
        atLeast: 48000,
      },
    );
    expect(planAdvice(plan({ result: 3, explanation: explanation({ longestRunM: 212.5 }) }))).toEqual({
      kind: 'lowerMinLength',
      atMostM: 212.5,
    });
    expect(planAdvice(plan({ result: 2 }))).toEqual({ kind: 'lowBudget' });
    expect(planAdvice(plan({ result: 1 }))).toBeNull();
  });

  it('compares with the greedy baseline', () => {
    expect(gainOverGreedy(plan({ riskRemoved: 12, greedyRiskRemoved: 10 }))).toBeCloseTo(20);
    expect(gainOverGreedy(plan({ riskRemoved: 12, greedyRiskRemoved: 0 }))).toBeNull();
  });
});
