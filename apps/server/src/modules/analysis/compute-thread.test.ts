import {
  datasetInputsOfCity,
  generateCity,
  lofStage,
  lofStageInputs,
  preprocessDataset,
} from '@pipewise/engine';
import { describe, expect, it } from 'vitest';
import { computeInThread, computeThreadsWaiting, lofInputsInSteps, lofInThreads } from './compute-thread.ts';

const city = generateCity({ seed: 3, pipes: 1200, asOf: { year: 2026, month: 1 } });
const inputs = {
  ...datasetInputsOfCity(city),
  lofOptions: { params: { maxTrees: 40, learningRate: 0.15 }, panel: { maxCutoffs: 4 } },
};
const pre = preprocessDataset(inputs);

describe('stages in threads', () => {
  it('the LOF stage on two threads is the engine’s one-thread stage: same scores, same card, same backtest', async () => {
    const seen: number[] = [];
    const threaded = await lofInThreads(inputs, pre, (f) => seen.push(f));
    const single = lofStage(inputs, pre);
    expect(threaded.card?.backtests.map((b) => b.horizonYears)).toEqual([1, 3]);
    expect(threaded).toEqual(JSON.parse(JSON.stringify(single)));
    // The slower thread's progress, as the threads post it: steps within the stage, never backwards, up to 1.
    expect(seen.filter((f) => f > 0.1 && f < 0.9).length).toBeGreaterThan(10);
    expect(seen.every((f, i) => i === 0 || f >= seen[i - 1]!)).toBe(true);
    expect(seen.at(-1)).toBe(1);
  }, 120_000);

  it('an aborted stage rejects with the reason and its thread is ended, not left computing', async () => {
    const controller = new AbortController();
    const running = computeInThread({ stage: 'lof-backtest', inputs, pre }, controller.signal);
    const reason = new Error('the sibling thread failed');
    controller.abort(reason);
    await expect(running).rejects.toBe(reason);
    await expect(computeInThread({ stage: 'lof', inputs, pre }, AbortSignal.abort(reason))).rejects.toBe(
      reason,
    );
  });

  it('a stage’s result and its call cross in slices and arrive whole: the engine’s result in this thread', async () => {
    // 1,200 pipes: the call's inputs.pipes and the result's pipes are each sent in several slices (≥ 1,000 items).
    expect(await computeInThread({ stage: 'preprocess', inputs })).toEqual(pre);
  });

  it('slims the LOF stage’s inputs a slice at a time as the engine does at once', async () => {
    expect(await lofInputsInSteps(inputs, undefined, 100)).toEqual(lofStageInputs(inputs));
  });

  it('a call that cannot be copied to the thread fails the stage with the copy’s error', async () => {
    const unclonable = { ...inputs, pipes: [...inputs.pipes, { id: 'x', attrs: { read: () => 1 } }] };
    await expect(
      computeInThread({ stage: 'preprocess', inputs: unclonable as unknown as typeof inputs }),
    ).rejects.toThrow(/could not be cloned/);
  });

  it('a stage aborted while its thread computes rejects with the reason, its thread ended', async () => {
    await computeInThread({ stage: 'preprocess', inputs });
    const waiting = computeThreadsWaiting();
    const controller = new AbortController();
    const reason = new Error('the sibling thread failed');
    const running = computeInThread({ stage: 'lof-backtest', inputs, pre }, controller.signal, () =>
      controller.abort(reason),
    );
    await expect(running).rejects.toBe(reason);
    expect(computeThreadsWaiting()).toBe(waiting - 1);
  }, 120_000);

  it('a failing half ends the other and the stage fails with the failing half’s error', async () => {
    // A pipe without preprocess values is refused by both halves; the first error is the stage's.
    const broken = { ...pre, pipes: pre.pipes.slice(1) };
    await expect(lofInThreads(inputs, broken)).rejects.toThrow(/has no preprocess result/);
  });

  it('keeps a thread that answered, even with the engine’s error, for the next stage; an aborted one is not kept', async () => {
    // The two LOF halves ended cleanly above or below: at most two threads wait, each ready for a stage.
    const small = datasetInputsOfCity(generateCity({ seed: 4, pipes: 150, asOf: { year: 2026, month: 1 } }));
    const first = await computeInThread({ stage: 'preprocess', inputs: small });
    expect(computeThreadsWaiting()).toBeGreaterThanOrEqual(1);
    const waiting = computeThreadsWaiting();
    // The next stage takes a waiting thread and gives it back: no more, no fewer wait afterwards.
    expect(await computeInThread({ stage: 'preprocess', inputs: small })).toEqual(first);
    expect(computeThreadsWaiting()).toBe(waiting);
    await expect(
      computeInThread({ stage: 'lof', inputs: small, pre: { ...first, pipes: first.pipes.slice(1) } }),
    ).rejects.toThrow(/has no preprocess result/);
    expect(computeThreadsWaiting()).toBe(waiting);
    // Aborted mid-stage: that thread is ended, so one fewer waits.
    const controller = new AbortController();
    const running = computeInThread({ stage: 'lof-backtest', inputs, pre }, controller.signal);
    controller.abort(new Error('stop'));
    await expect(running).rejects.toThrow('stop');
    expect(computeThreadsWaiting()).toBe(waiting - 1);
  }, 120_000);
});
