// Each stage reports how far it is (issue 15: the analysis sat at 25 % for 8 minutes): many steps inside the stage,
// never backwards, ending at 1, and the results are the same whether anyone listens or not.
import { describe, expect, it } from 'vitest';
import { defaultCofScenario } from '../cof/defaults.ts';
import { switchCalculation } from '../cof/scenario.ts';
import { epanetWasmBytes } from '../cof/testing.ts';
import { cofFigures } from './cof-inputs.ts';
import { cofStage } from './cof-stage.ts';
import { lofBacktestStage, lofModelStage, lofStage } from './lof-stage.ts';
import { preprocessDataset } from './preprocess.ts';
import { FAST_LOF, smallTown, townDataset } from './testing.ts';

const inputs = {
  ...townDataset(smallTown(600, 5)),
  lofOptions: { ...FAST_LOF, backtestHorizonsYears: [1, 3] },
};

function recorder() {
  const seen: number[] = [];
  return { seen, report: (f: number) => void seen.push(f) };
}

function expectProgress(seen: readonly number[], atLeast: number) {
  expect(seen.length).toBeGreaterThanOrEqual(atLeast);
  seen.forEach((f, i) => {
    expect(f).toBeGreaterThanOrEqual(0);
    expect(f).toBeLessThanOrEqual(1);
    if (i > 0) expect(f).toBeGreaterThan(seen[i - 1]!);
  });
  expect(seen.at(-1)).toBe(1);
}

describe('stage progress', () => {
  const pre = preprocessDataset(inputs);

  it('preprocess: the network, each imputation round, the segments', () => {
    const { seen, report } = recorder();
    expect(preprocessDataset(inputs, report)).toEqual(pre);
    expectProgress(seen, 10);
  });

  it('LOF model: the trees of both fits, scoring and RUL; the same model as without a listener', () => {
    const { seen, report } = recorder();
    const lof = lofModelStage(inputs, pre, report);
    expect(lof).toEqual(lofModelStage(inputs, pre));
    // At least one report per tree of the final model, more with the validated fit.
    expectProgress(seen, lof.card!.training.trees);
    expect(seen.filter((f) => f > 0.1 && f < 0.9).length).toBeGreaterThan(10);
  });

  it('LOF backtest: its training and the bootstrap of each window', () => {
    const { seen, report } = recorder();
    const backtests = lofBacktestStage(inputs, pre, report);
    expect(backtests.length).toBeGreaterThan(0);
    expectProgress(seen, 20);
  });

  it('the whole LOF stage in one thread and the COF stage', async () => {
    const lofSeen = recorder();
    const lof = lofStage(inputs, pre, lofSeen.report);
    expectProgress(lofSeen.seen, 30);
    const cofSeen = recorder();
    await cofStage(inputs, cofFigures(pre.pipes, lof.pipes), { onProgress: cofSeen.report });
    expectProgress(cofSeen.seen, 3);
  });

  it('hydraulic COF: the EPANET closure runs, segment by segment', async () => {
    const base = defaultCofScenario('US');
    const hydraulic = {
      ...inputs,
      cofScenario: { ...base, costMaster: switchCalculation(base.costMaster, 'hydraulic') },
    };
    const figures = cofFigures(pre.pipes, lofModelStage(hydraulic, pre).pipes);
    const { seen, report } = recorder();
    const cof = await cofStage(hydraulic, figures, {
      hydraulic: { wasmBinary: epanetWasmBytes() },
      onProgress: report,
    });
    expect(cof.summary.calculation).toBe('hydraulic');
    // Network and segments take a seventh of the bar; the closure runs most of the rest, a step per 1 %.
    expect(seen.filter((f) => f > 0.15 && f < 0.85).length).toBeGreaterThan(20);
    expectProgress(seen, 25);
  }, 60_000);

  it('a stage without work to report still ends at 1', () => {
    const { seen, report } = recorder();
    expect(lofBacktestStage({ ...inputs, lofOptions: FAST_LOF }, pre, report)).toEqual([]);
    expect(seen.at(-1)).toBe(1);
  });
});
