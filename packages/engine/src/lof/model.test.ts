// End-to-end on a synthetic network with a known Poisson process: training, scoring, drivers, RUL.
import { LOF_MONTHS, LOF_RANK_OUT_OF_RANGE } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { binFrame } from './binning.ts';
import { predictLogRate } from './booster.ts';
import { attribution, rowContributions } from './contributions.ts';
import { RISK_DRIVERS } from './drivers.ts';
import { buildFrame } from './features.ts';
import { countBelow, indexBreaks } from './history.ts';
import { trainLofModel } from './model.ts';
import { exposureOf } from './panel.ts';
import { scoreLof } from './score.ts';
import { SYNTHETIC_ATTRIBUTES, syntheticNetwork } from './testing/synthetic.ts';
import { msOfYear } from './time.ts';
import type { PanelOptions } from './types.ts';

/** Generous: the shared CI machine can be loaded; speed is measured in bench/, not here. */
const SLOW_TEST_MS = 60_000;

const network = syntheticNetwork({ pipes: 3000, fromYear: 1995, toYear: 2020, seed: 5 });
const history = indexBreaks(network.pipes, network.breaks);
const params = { maxTrees: 150, learningRate: 0.1, minRowsLeaf: 30 };
const train = (seed: number, panel: Partial<PanelOptions> = {}) =>
  trainLofModel({
    pipes: network.pipes,
    breaks: network.breaks,
    history,
    attributes: SYNTHETIC_ATTRIBUTES,
    endMs: msOfYear(2020),
    seed,
    params,
    panel: { maxCutoffs: 10, ...panel },
  });
const model = train(3);
const scores = scoreLof(model, network.pipes, history, 2020);

describe('LOF model on a known Poisson process', () => {
  it('recovers the true break rate of the network within tolerance', () => {
    const frame = buildFrame(network.pipes, history, model.context, { cutoffYear: 2019 });
    const logRate = predictLogRate(
      model.booster,
      binFrame(frame, model.booster.bins),
      frame.pipeIndex.length,
    );
    let predicted = 0;
    let truth = 0;
    let absError = 0;
    frame.pipeIndex.forEach((i, r) => {
      const p = network.pipes[i]!;
      const t = network.trueLogRate(
        { ...p, installYear: p.installYear ?? 1960 },
        2019.5,
        countBelow(history.yearsByPipe[i]!, 2019),
      );
      // The model's rate is per unit of exposure (lof/panel.ts exposureOf); the truth's per km.
      const perKm = logRate[r]! + Math.log(exposureOf(p.lengthM, model.panel) / (p.lengthM / 1000));
      predicted += (p.lengthM / 1000) * Math.exp(perKm);
      truth += (p.lengthM / 1000) * Math.exp(t);
      absError += Math.abs(perKm - t);
    });
    expect(predicted / truth).toBeGreaterThan(0.85);
    expect(predicted / truth).toBeLessThan(1.15);
    expect(absError / frame.pipeIndex.length).toBeLessThan(0.45);
    expect(model.training.validationDeviance!).toBeLessThan(model.training.constantValidationDeviance!);
  });

  it(
    'is deterministic for a seed (JSON-identical model)',
    () => {
      expect(JSON.stringify(train(3))).toBe(JSON.stringify(model));
      expect(JSON.stringify(train(4).booster)).not.toBe(JSON.stringify(model.booster));
    },
    SLOW_TEST_MS,
  );

  it(
    'chooses the trees on the most recent validationYears panel years, then refits on every year',
    () => {
      const two = train(3, { validationYears: 2 });
      // The last cutoffs' rows: two years held out hold about twice the rows of one (pipes laid meanwhile aside).
      const ratio = two.training.validationRows / model.training.validationRows;
      expect(ratio).toBeGreaterThan(1.8);
      expect(ratio).toBeLessThan(2.05);
      expect(two.training.rows).toBe(model.training.rows);
    },
    SLOW_TEST_MS,
  );

  it('scores every horizon consistently: lof = 1 − exp(−lofAbsolute), growing with the horizon', () => {
    const p = scores.pipes.find((x) => x.lof !== null)!;
    for (const m of LOF_MONTHS) expect(p.lof![m]).toBeCloseTo(1 - Math.exp(-p.lofAbsolute![m]), 12);
    expect(p.lofAbsolute![24]).toBeGreaterThan(p.lofAbsolute![12]);
    expect(p.lofAbsolute![60]).toBeGreaterThan(p.lofAbsolute![36]);
    expect(p.lofAbsolute![12]).toBeCloseTo((p.breaksPerKmYear! * network.pipes[0]!.lengthM) / 1000, 6);
    expect(scores.projectLof).toBeGreaterThan(0);
    expect(scores.projectLof).toBeLessThanOrEqual(100);
  });

  it('ranks unscorable pipes out of range and gives them no LOF', () => {
    const pipes = [...network.pipes.slice(0, 50), { ...network.pipes[0]!, id: 'zero', lengthM: 0 }];
    const s = scoreLof(model, pipes, indexBreaks(pipes, network.breaks), 2020);
    const zero = s.pipes.find((p) => p.id === 'zero')!;
    expect(zero.lof).toBeNull();
    expect(zero.rank[12]).toBe(LOF_RANK_OUT_OF_RANGE);
    expect(s.pipes.filter((p) => p.rank[12] <= 3)).toHaveLength(1); // 3 % of 50 scored pipes: 1.5
  });

  it('reports risk drivers from the 28 codes, cast iron among them for old cast-iron pipes', () => {
    for (const p of scores.pipes) {
      expect(p.riskDrivers.length).toBeLessThanOrEqual(5);
      for (const code of p.riskDrivers) expect(RISK_DRIVERS[code]).toBeDefined();
    }
    const castIron = scores.pipes.filter((_, i) => network.pipes[i]!.material === 0);
    const share = castIron.filter((p) => p.riskDrivers.includes(2)).length / castIron.length;
    expect(share).toBeGreaterThan(0.5);
  });

  // Issue 38: "Pipe length" topped the drivers of 5,655 pipes. Length is exposure, shown apart, never a driver —
  // although the model leans on it (a longer main has more places to break).
  it('never names length (exposure) as a risk driver', () => {
    expect(scores.pipes.some((p) => p.riskDrivers.includes(14))).toBe(false);
  });

  it('splits a prediction into contributions that sum to it minus the base', () => {
    const frame = buildFrame(network.pipes, history, model.context, { cutoffYear: 2020 });
    const bins = binFrame(frame, model.booster.bins);
    const logRate = predictLogRate(model.booster, bins, frame.pipeIndex.length);
    const a = attribution(model.booster);
    const out = new Float64Array(frame.specs.length);
    for (const r of [0, 7, 99, 1234]) {
      const f = rowContributions(a, bins, r, out);
      expect(f).toBeCloseTo(logRate[r]!, 9);
      expect(out.reduce((s, c) => s + c, 0)).toBeCloseTo(logRate[r]! - a.base, 9);
    }
  });
});
