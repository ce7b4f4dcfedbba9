import { describe, expect, it } from 'vitest';
import { mulberry32, poisson } from '../random/mulberry32.ts';
import { binFrame, fitBins } from './binning.ts';
import {
  DEFAULT_BOOST_PARAMS,
  fitBooster,
  gainImportance,
  predictLogRate,
  type BoostData,
} from './booster.ts';
import type { FeatureFrame } from './features.ts';
import { meanPoissonDeviance } from './poisson.ts';

/** Generous: the shared CI machine can be loaded; speed is measured in bench/, not here. */
const SLOW_TEST_MS = 60_000;

const CATS = ['a', 'b', 'c'];
/** Known rate per unit exposure: log λ = −3 + 0.2·x + 0.7·[cat = b]. */
const trueLogRate = (x: number, cat: string) => -3 + 0.2 * x + (cat === 'b' ? 0.7 : 0);

function synthetic(n: number, seed: number) {
  const random = mulberry32(seed);
  const x = new Float64Array(n);
  const cat: string[] = [];
  const noise = new Float64Array(n);
  const y = new Float64Array(n);
  const exposure = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = random() * 10;
    cat.push(CATS[Math.floor(random() * 3)]!);
    noise[i] = random();
    exposure[i] = 0.2 + 2 * random();
    y[i] = poisson(random, exposure[i]! * Math.exp(trueLogRate(x[i]!, cat[i]!)));
  }
  const frame: FeatureFrame = {
    specs: [
      { name: 'x', kind: 'numeric' },
      { name: 'cat', kind: 'categorical' },
      { name: 'noise', kind: 'numeric' },
    ],
    columns: [x, cat, noise],
    pipeIndex: new Uint32Array(n),
  };
  return { frame, y, exposure };
}

function fit(seed = 1) {
  const train = synthetic(30000, 11);
  const valid = synthetic(10000, 12);
  const bins = fitBins(train.frame, DEFAULT_BOOST_PARAMS);
  const data = (s: typeof train): BoostData => ({
    bins: binFrame(s.frame, bins),
    y: s.y,
    exposure: s.exposure,
  });
  const setup = { specs: train.frame.specs, bins, used: [0, 1, 2] };
  const result = fitBooster(setup, data(train), data(valid), { ...DEFAULT_BOOST_PARAMS, maxDepth: 3 }, seed);
  return { ...result, bins, data, valid };
}

describe('Poisson gradient boosting', () => {
  const { model, data, valid, validationDeviance } = fit();

  it('recovers a known Poisson rate within tolerance', () => {
    const test = synthetic(4000, 13);
    const logRate = predictLogRate(model, data(test).bins, 4000);
    let absError = 0;
    for (let i = 0; i < 4000; i++) {
      const x = (test.frame.columns[0] as Float64Array)[i]!;
      absError += Math.abs(logRate[i]! - trueLogRate(x, (test.frame.columns[1] as string[])[i]!));
    }
    expect(absError / 4000).toBeLessThan(0.15);
  });

  it('beats the constant (pooled-rate) model on held-out deviance', () => {
    const logRate = predictLogRate(model, data(valid).bins, valid.y.length);
    const mu = logRate.map((f, i) => valid.exposure[i]! * Math.exp(f));
    const constant = valid.exposure.map((e) => e * Math.exp(model.baseScore));
    expect(meanPoissonDeviance(valid.y, mu)).toBeLessThan(0.9 * meanPoissonDeviance(valid.y, constant));
    expect(validationDeviance.length).toBeGreaterThan(model.trees.length - 1);
  });

  it('puts the importance on the informative features, not the noise', () => {
    const [x, cat, noise] = gainImportance(model);
    expect(x!).toBeGreaterThan(0.5);
    expect(cat!).toBeGreaterThan(noise!);
  });

  it(
    'is deterministic for a seed and changes with it',
    () => {
      expect(JSON.stringify(fit(1).model)).toBe(JSON.stringify(model));
      expect(JSON.stringify(fit(2).model)).not.toBe(JSON.stringify(model));
    },
    SLOW_TEST_MS,
  );
});

describe('monotone constraints', () => {
  /** log rates on a grid of x for each category and noise level: rows of 41 x values. */
  function grid(monotone: Record<string, 1 | -1>) {
    const train = synthetic(20000, 21);
    const bins = fitBins(train.frame, DEFAULT_BOOST_PARAMS);
    const setup = { specs: train.frame.specs, bins, used: [0, 1, 2] };
    const data = { bins: binFrame(train.frame, bins), y: train.y, exposure: train.exposure };
    const params = { ...DEFAULT_BOOST_PARAMS, maxDepth: 3, maxTrees: 60, monotone };
    const { model } = fitBooster(setup, data, null, params, 3);
    const xs = Array.from({ length: 41 }, (_, i) => i / 4);
    const lines: number[][] = [];
    for (const cat of CATS)
      for (const noise of [0.1, 0.5, 0.9]) {
        const frame: FeatureFrame = {
          specs: train.frame.specs,
          columns: [Float64Array.from(xs), xs.map(() => cat), Float64Array.from(xs, () => noise)],
          pipeIndex: new Uint32Array(xs.length),
        };
        lines.push([...predictLogRate(model, binFrame(frame, bins), xs.length)]);
      }
    return lines;
  }
  const steps = (line: number[]) => line.slice(1).map((v, i) => v - line[i]!);

  it('keeps every prediction falling along a feature constrained to fall, against the data', () => {
    // The true rate rises with x; unconstrained, the model follows it.
    expect(grid({}).some((line) => steps(line).some((d) => d > 1e-9))).toBe(true);
    for (const line of grid({ x: -1 })) for (const d of steps(line)) expect(d).toBeLessThanOrEqual(1e-12);
  });

  it('keeps rising predictions rising, and still learns the rate', () => {
    for (const line of grid({ x: 1 })) {
      for (const d of steps(line)) expect(d).toBeGreaterThanOrEqual(-1e-12);
      expect(line.at(-1)! - line[0]!).toBeGreaterThan(1);
    }
  });
});
