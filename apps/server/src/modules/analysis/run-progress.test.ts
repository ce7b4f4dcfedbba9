import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countingBatches, HEARTBEAT_MS, runProgress, STAGE_START } from './run-progress.ts';

describe('run progress writer', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
  });
  afterEach(() => vi.useRealTimers());

  it('maps a stage’s parts onto its span of the run and writes at most once per interval, the newest figure', async () => {
    const writes: number[] = [];
    const progress = runProgress(async (p) => void writes.push(p), { intervalMs: 1500 });
    const lof = progress.stage('lof');
    lof.read(1);
    await vi.advanceTimersByTimeAsync(0);
    // The first figure goes at once; those within the interval wait, and only the newest is written.
    expect(writes).toEqual([32 + 48 * 0.02]);
    lof.compute(0.25);
    lof.compute(0.5);
    await vi.advanceTimersByTimeAsync(1000);
    expect(writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(writes.at(-1)).toBeCloseTo(32 + 48 * (0.02 + 0.85 * 0.5));
    // Never backwards, never past the stage.
    lof.compute(0.1);
    lof.write(1);
    await vi.advanceTimersByTimeAsync(1500);
    expect(writes.at(-1)).toBeCloseTo(STAGE_START.cof);
    await progress.close();
  });

  it('beats every 20 s with the figure it has, and stops when closed', async () => {
    const writes: number[] = [];
    const progress = runProgress(async (p) => void writes.push(p));
    progress.stage('preprocess');
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2);
    expect(writes).toEqual([STAGE_START.preprocess, STAGE_START.preprocess]);
    await progress.close();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 2);
    expect(writes).toHaveLength(2);
  });

  it('never writes two at a time: a figure reported during a write follows it', async () => {
    let release = () => undefined as void;
    const writes: number[] = [];
    const progress = runProgress(
      (p) => {
        writes.push(p);
        return new Promise<void>((resolve) => (release = resolve));
      },
      { intervalMs: 0 },
    );
    const stage = progress.stage('cof');
    stage.compute(0.5);
    stage.compute(1);
    // COF: reading 10 %, computing 60 % of the stage's 16 points.
    expect(writes).toHaveLength(1);
    expect(writes[0]).toBeCloseTo(80 + 16 * (0.1 + 0.6 * 0.5));
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBeCloseTo(80 + 16 * 0.7);
    release();
    await progress.close();
  });

  it('counts a stage’s batches as they are written', async () => {
    const seen: number[] = [];
    const executor = countingBatches({ execute: async () => ({}) }, 4, (f) => seen.push(f));
    for (let i = 0; i < 4; i++) await executor.execute({} as never);
    expect(seen).toEqual([0.25, 0.5, 0.75, 1]);
  });
});
