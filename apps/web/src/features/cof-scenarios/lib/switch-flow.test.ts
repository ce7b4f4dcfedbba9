import { describe, expect, it, vi } from 'vitest';
import { scenario } from '../test-data.ts';
import type { CofScenarioList } from '../types.ts';
import { switchCofScenario, type SwitchDeps } from './switch-flow.ts';

function deps(list: CofScenarioList, over: Partial<SwitchDeps> = {}) {
  const steps: string[] = [];
  const d: SwitchDeps = {
    goTo: (path) => steps.push(`go ${path}`),
    toastSwitching: (name) => steps.push(`toast ${name}`),
    toastFailed: (name) => steps.push(`failed ${name}`),
    setSwitching: (name) => steps.push(`switching ${name}`),
    loadScenarios: () => {
      steps.push('load');
      return Promise.resolve(list);
    },
    setEnabled: (id, enabled) => {
      steps.push(`patch ${id} ${enabled}`);
      return Promise.resolve();
    },
    refetchDatasets: () => {
      steps.push('refetch');
      return Promise.resolve();
    },
    logError: vi.fn(),
    ...over,
  };
  return { d, steps };
}

const list = (): CofScenarioList => ({
  cofScenarios: [scenario(2, 'Wet year'), scenario(1, 'Old mains', { enabled: true })],
  defaultScenario: scenario(null, 'Default'),
});

describe('Planner scenario switch (001 §4)', () => {
  it('COF-SW-01…04: scenarios page, toast, load, toggle on, fetch datasets, back to the planner', async () => {
    const { d, steps } = deps(list());
    expect(await switchCofScenario(d, { id: 2, name: 'Wet year' }, '/planner/cof')).toBe(true);
    expect(steps).toEqual([
      'go /cof/scenarios',
      'toast Wet year',
      'switching Wet year',
      'load',
      'patch 2 true',
      'refetch',
      'switching null',
      'go /planner/cof',
    ]);
  });

  it('switches to the default by turning the enabled scenario off', async () => {
    const { d, steps } = deps(list());
    await switchCofScenario(d, { id: null, name: 'Default (USD)' });
    expect(steps).toContain('patch 1 false');
    expect(steps.at(-1)).toBe('go /planner');
  });

  it('stays on the scenarios page and says so when the switch fails', async () => {
    const { d, steps } = deps(list(), { setEnabled: () => Promise.reject(new Error('403')) });
    expect(await switchCofScenario(d, { id: 2, name: 'Wet year' })).toBe(false);
    expect(steps.slice(-2)).toEqual(['failed Wet year', 'switching null']);
    expect(steps).not.toContain('go /planner');
    expect(d.logError).toHaveBeenCalled();
  });

  it('fails for a scenario deleted meanwhile', async () => {
    const { d, steps } = deps(list());
    expect(await switchCofScenario(d, { id: 9, name: 'Gone' })).toBe(false);
    expect(steps).not.toContain('refetch');
  });
});
