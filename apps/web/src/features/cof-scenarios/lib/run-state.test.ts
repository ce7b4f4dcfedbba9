import { describe, expect, it } from 'vitest';
import type { CofRunState } from '../types.ts';
import { summarizeRuns } from './run-state.ts';

const run = (state: CofRunState['state'], progress: number | null = null, stage: string | null = null) => ({
  datasetId: 1,
  state,
  analysisId: 1,
  progress,
  stage,
});

describe('run state of a scenario', () => {
  it('is re-running while any dataset runs, at the slowest one’s progress', () => {
    expect(summarizeRuns([run('current'), run('running', 80, 'tiling'), run('running', 40, 'cof')])).toEqual({
      state: 'running',
      progress: 40,
      stage: 'cof',
    });
    expect(summarizeRuns([run('running')])).toEqual({ state: 'running', progress: null, stage: null });
  });

  it('is out of date when any served result predates it, current when all use it', () => {
    expect(summarizeRuns([run('current'), run('stale')])).toEqual({ state: 'stale' });
    expect(summarizeRuns([run('current'), run('current')])).toEqual({ state: 'current' });
    expect(summarizeRuns([])).toEqual({ state: 'none' });
  });
});
