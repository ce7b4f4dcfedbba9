import { describe, expect, it } from 'vitest';
import { etaSeconds, type RunPace } from './eta.ts';
import { STAGE_START } from './run-progress.ts';

const run = (over: Partial<RunPace>): RunPace => ({
  stage: 'lof',
  progress: 50,
  reason: 'import',
  timings: { preprocess: 40 },
  elapsedSeconds: 120,
  ...over,
});

describe('time left of a run', () => {
  it('applies the pace so far to what remains', () => {
    expect(etaSeconds(run({}))).toBe(120);
    expect(etaSeconds(run({ progress: 80, elapsedSeconds: 160 }))).toBe(40);
    expect(etaSeconds(run({ progress: 99.9, elapsedSeconds: 200 }))).toBe(0);
  });

  it('says nothing before 5 points or 10 s of progress, while queued, or once ended', () => {
    expect(etaSeconds(run({ progress: 4.9 }))).toBeNull();
    expect(etaSeconds(run({ elapsedSeconds: 9 }))).toBeNull();
    expect(etaSeconds(run({ elapsedSeconds: null }))).toBeNull();
    for (const stage of ['queued', 'complete', 'failed', 'cancelled'])
      expect(etaSeconds(run({ stage, progress: 100 }))).toBeNull();
  });

  it('times a COF re-run from the COF stage, where it started', () => {
    const rerun = run({ stage: 'cof', reason: 'cof_scenario', timings: {}, elapsedSeconds: 30 });
    expect(etaSeconds({ ...rerun, progress: STAGE_START.cof + 2 })).toBeNull();
    expect(etaSeconds({ ...rerun, progress: STAGE_START.cof + 10 })).toBe(
      Math.round((30 * (100 - STAGE_START.cof - 10)) / 10),
    );
    // One without served results ran in full: its pace counts from 0.
    expect(etaSeconds(run({ reason: 'cof_scenario' }))).toBe(120);
  });
});
