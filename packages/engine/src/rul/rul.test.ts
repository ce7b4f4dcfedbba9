// RUL on a synthetic network with a known Poisson process (lof/testing/synthetic.ts): the definition, the derived
// threshold and the bounds. Its distribution and its stability under edits on the demo town: rul-town.test.ts.
import { describe, expect, it } from 'vitest';
import { indexBreaks } from '../lof/history.ts';
import { logRates, trainLofModel } from '../lof/model.ts';
import { SYNTHETIC_ATTRIBUTES, syntheticNetwork } from '../lof/testing/synthetic.ts';
import { msOfYear } from '../lof/time.ts';
import { exponentOf } from './ageing.ts';
import { ageOf, currentRates } from './level.ts';
import { analyzeRul, isRulCalibration, remainingUsefulLife, type RulCalibration } from './rul.ts';

/** Generous: the shared CI machine can be loaded; speed is measured in bench/, not here. */
const SLOW_TEST_MS = 60_000;

const network = syntheticNetwork({ pipes: 2000, fromYear: 1995, toYear: 2020, seed: 5 });
const history = indexBreaks(network.pipes, network.breaks);
const model = trainLofModel({
  pipes: network.pipes,
  breaks: network.breaks,
  history,
  attributes: SYNTHETIC_ATTRIBUTES,
  endMs: msOfYear(2020),
  seed: 3,
  params: { maxTrees: 100, learningRate: 0.1, minRowsLeaf: 30 },
  panel: { maxCutoffs: 8 },
});
const { calibration, years } = analyzeRul(model, network.pipes, history, 2020);
const levels = currentRates(model, network.pipes, history, 2020, calibration.ageing, calibration);
const at = (threshold: number) =>
  remainingUsefulLife(model, network.pipes, history, 2020, {
    ...calibration,
    thresholdBreaksPerKmYear: threshold,
  });

describe('RUL: the years until the pipe, aged by the fitted law, reaches the threshold', () => {
  it(
    'equals the plain definition: the first whole year whose rate, aged year by year, reaches the threshold',
    () => {
      for (const threshold of [calibration.thresholdBreaksPerKmYear, 0.3, 3]) {
        const reference = network.pipes.map((p, i) => {
          const age = ageOf(model, p, 2020);
          const b = exponentOf(calibration.ageing, p.material);
          const floor = calibration.ageing.minAgeYears;
          for (let k = 0; k < 100; k++) {
            const rate = levels[i]! * (Math.max(floor, age + k) / Math.max(floor, age)) ** b;
            if (rate >= threshold) return k;
          }
          return 100;
        });
        expect(at(threshold)).toEqual(reference);
      }
    },
    SLOW_TEST_MS,
  );

  it('starts from the model’s own rate per km (over at least 100 m) when not smoothed', () => {
    const unsmoothed = currentRates(model, network.pipes, history, 2020, calibration.ageing, {
      ...calibration,
      smoothingYears: 0,
    });
    const rates = logRates(model, network.pipes, history, { cutoffYear: 2020 });
    network.pipes.forEach((p, i) =>
      expect(unsmoothed[i]).toBeCloseTo(Math.exp(rates[i]!) / (Math.max(p.lengthM, 100) / 1000), 10),
    );
  });

  it('derives the threshold from the network: the pipes already due hold the due share of its length', () => {
    const total = network.pipes.reduce((s, p) => s + p.lengthM, 0);
    const due = network.pipes.reduce((s, p, i) => s + (years[i] === 0 ? p.lengthM : 0), 0);
    const longest = Math.max(...network.pipes.map((p) => p.lengthM));
    expect(due / total).toBeGreaterThanOrEqual(calibration.dueLengthShare);
    expect(due / total).toBeLessThanOrEqual(calibration.dueLengthShare + longest / total);
    const fixed = analyzeRul(model, network.pipes, history, 2020, { fixedThresholdBreaksPerKmYear: 0.8 });
    expect(fixed.calibration.thresholdBreaksPerKmYear).toBe(0.8);
    expect(fixed.years).toEqual(at(0.8));
  });

  it('gives the full analysis and a stored calibration the same years (the edit path ages pipes alike)', () => {
    expect(isRulCalibration(JSON.parse(JSON.stringify(calibration)))).toBe(true);
    const stored = JSON.parse(JSON.stringify(calibration)) as RulCalibration;
    expect(remainingUsefulLife(model, network.pipes, history, 2020, stored)).toEqual(years);
    // A run stored before the calibration kept only the threshold options.
    expect(isRulCalibration({ thresholdBreaksPerKmYear: 0.5, minLengthM: 100, maxYears: 100 })).toBe(false);
  });

  it(
    'never shortens when the threshold rises (monotone), bounded by 0 and 100',
    () => {
      const low = at(0.3);
      const high = at(1);
      low.forEach((y, i) => {
        expect(y).not.toBeNull();
        expect(high[i]!).toBeGreaterThanOrEqual(y!);
        expect(y! >= 0 && y! <= 100).toBe(true);
      });
      expect(at(1e-9).every((y) => y === 0)).toBe(true);
      expect(at(1e9).every((y) => y === 100)).toBe(true);
    },
    SLOW_TEST_MS,
  );

  it('gives older pipes of the same kind a shorter life on average', () => {
    const mean = (f: (year: number) => boolean) => {
      const ys = years.filter((_, i) => f(network.pipes[i]!.installYear ?? NaN));
      return ys.reduce<number>((s, y) => s + (y ?? 0), 0) / ys.length;
    };
    expect(mean((y) => y < 1940)).toBeLessThan(mean((y) => y > 1990));
  });

  it('is n/a (null) for a pipe without length or not laid yet', () => {
    const pipes = [
      { ...network.pipes[0]!, lengthM: 0 },
      { ...network.pipes[1]!, installYear: 2030 },
    ];
    expect(remainingUsefulLife(model, pipes, indexBreaks(pipes, []), 2020, calibration)).toEqual([
      null,
      null,
    ]);
  });
});
