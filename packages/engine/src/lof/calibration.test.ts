// Issue 40 "Calibration across utilities": the predicted ÷ observed ratios of the peer protocol with their bootstrap
// interval, and the level recalibration learned on the held-out years.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../random/mulberry32.ts';
import { indexBreaks } from './history.ts';
import { levelRecalibration, trainLofModel, yearlyDispersion } from './model.ts';
import { calibrationRatios } from './peer-measures.ts';
import { bootstrapCalibration, peerProtocol } from './peer-protocol.ts';
import type { LofBreak, LofPipe } from './types.ts';

/** Poisson draw by inversion (small means). */
function poisson(random: () => number, mean: number): number {
  let k = 0;
  let p = Math.exp(-mean);
  let s = p;
  const u = random();
  while (u > s && k < 100) {
    k++;
    p *= mean / k;
    s += p;
  }
  return k;
}

describe('calibration ratios', () => {
  it('is Σ predicted ÷ Σ observed, and Σ P(≥ 1) ÷ the breaking mains', () => {
    const expected = [0.5, 1, 2, 0];
    const breaks = [0, 2, 1, 0];
    const r = calibrationRatios(expected, breaks);
    expect(r.breaksRatio).toBeCloseTo(3.5 / 3, 12);
    const pAny = expected.reduce((s, e) => s + 1 - Math.exp(-e), 0);
    expect(r.breakingMainsRatio).toBeCloseTo(pAny / 2, 12);
    // A bootstrap draw weighs mains by how often they were drawn.
    const w = calibrationRatios(expected, breaks, Float64Array.from([0, 2, 0, 1]));
    expect(w.breaksRatio).toBeCloseTo(2 / 4, 12);
    expect(Number.isNaN(calibrationRatios([1], [0]).breaksRatio)).toBe(true);
  });

  it('recovers a known bias with an interval that covers it and excludes 1', () => {
    // 4000 mains, true means m_i; the "model" predicts 1.5 × m_i: a 50 % over-prediction.
    const random = mulberry32(11);
    const truth = Array.from({ length: 4000 }, (_, i) => 0.05 + 0.3 * ((i % 10) / 10));
    const breaks = truth.map((m) => poisson(random, m));
    const c = bootstrapCalibration(
      truth.map((m) => 1.5 * m),
      breaks,
      300,
      5,
    );
    expect(c.breaksRatio!.value).toBeGreaterThan(1.35);
    expect(c.breaksRatio!.value).toBeLessThan(1.65);
    expect(c.breaksRatio!.low).toBeLessThan(1.5);
    expect(c.breaksRatio!.high).toBeGreaterThan(1.5);
    expect(c.breaksRatio!.low).toBeGreaterThan(1);
    expect(c.breaksRatio!.low).toBeLessThan(c.breaksRatio!.value);
    expect(c.breaksRatio!.high).toBeGreaterThan(c.breaksRatio!.value);
    expect(c.breakingMainsRatio!.value).toBeGreaterThan(1.2);
    expect(c.predictedBreaks).toBeCloseTo(
      truth.reduce((s, m) => s + 1.5 * m, 0),
      6,
    );
    // Calibrated predictions: the interval covers 1.
    const calibrated = bootstrapCalibration(truth, breaks, 300, 5);
    expect(calibrated.breaksRatio!.low).toBeLessThan(1);
    expect(calibrated.breaksRatio!.high).toBeGreaterThan(1);
  });
});

describe('level recalibration', () => {
  it('scales by observed ÷ predicted on the held-out years, shrunk towards 1 by the count and its dispersion', () => {
    const firm = levelRecalibration(60, 100, 1, 1, 20);
    const thin = levelRecalibration(6, 10, 1, 1, 20);
    expect(firm.rawFactor).toBeCloseTo(0.6, 12);
    expect(thin.rawFactor).toBeCloseTo(0.6, 12);
    expect(firm.factor).toBeCloseTo(80 / 120, 12);
    expect(thin.factor).toBeCloseTo(26 / 30, 12);
    // A ratio from 60 breaks moves the level more than one from 6; an over-dispersed record moves it less.
    expect(firm.factor).toBeLessThan(thin.factor);
    expect(levelRecalibration(60, 100, 1, 4, 20).factor).toBeCloseTo((15 + 20) / (25 + 20), 12);
    // Off, or nothing held out: no scale.
    expect(levelRecalibration(60, 100, 1, 1, null).factor).toBe(1);
    expect(levelRecalibration(0, 0, 0, 1, 20)).toMatchObject({ factor: 1, rawFactor: null });
  });

  it('measures the dispersion of yearly counts (1 for Poisson-like years)', () => {
    expect(yearlyDispersion([100, 100, 100], [10, 10, 10])).toBe(1);
    expect(yearlyDispersion([50, 150], [10, 10])).toBeCloseTo(50, 12);
  });

  it('learns the level of the last years out of time and leaves the ranking unchanged', () => {
    // 1500 mains with a rate rising with a pipe attribute; the last year breaks at 1.8 × the earlier level.
    const random = mulberry32(3);
    const pipes: LofPipe[] = Array.from({ length: 1500 }, (_, i) => ({
      id: `P${i}`,
      installYear: 1950 + (i % 60),
      material: null,
      diameterMm: 150,
      lengthM: 100,
    }));
    const breaks: LofBreak[] = [];
    for (const [i, p] of pipes.entries()) {
      const rate = 0.03 + 0.12 * ((i % 60) / 60 < 0.5 ? 1 : 0);
      for (let year = 2000; year < 2020; year++) {
        const n = poisson(random, rate * (year === 2019 ? 1.8 : 1));
        for (let k = 0; k < n; k++) breaks.push({ pipeId: p.id, dateMs: Date.UTC(year, 2 + k, 10) });
      }
    }
    const history = indexBreaks(pipes, breaks);
    const train = (prior: number | null) =>
      trainLofModel({
        pipes,
        breaks,
        history,
        endMs: Date.UTC(2020, 0, 1),
        seed: 1,
        params: { maxTrees: 60, learningRate: 0.1, minRowsLeaf: 30 },
        panel: { maxCutoffs: 8, validationYears: 1, recalibrationPriorBreaks: prior },
      });
    const off = train(null);
    const on = train(20);
    const r = on.training.recalibration!;
    expect(off.training.recalibration!.factor).toBe(1);
    expect(r.years).toBe(1);
    // The held-out year (2019) broke well above what the years before it predict.
    expect(r.rawFactor!).toBeGreaterThan(1.5);
    expect(r.factor).toBeGreaterThan(1.05);
    expect(r.factor).toBeLessThan(r.rawFactor!);
    expect(on.booster.baseScore - off.booster.baseScore).toBeCloseTo(Math.log(r.factor), 12);
    expect(on.booster.trees).toEqual(off.booster.trees);
  });
});

describe('the peer protocol reports calibration', () => {
  it('gives each window the ratio with its interval', () => {
    const random = mulberry32(9);
    const pipes: LofPipe[] = Array.from({ length: 300 }, (_, i) => ({
      id: `P${i}`,
      installYear: 1940 + (i % 70),
      material: null,
      diameterMm: 150,
      lengthM: 120,
    }));
    const breaks: LofBreak[] = [];
    for (const [i, p] of pipes.entries())
      for (let year = 2005; year < 2022; year++) {
        const n = poisson(random, 0.02 + 0.004 * (i % 70));
        for (let k = 0; k < n; k++) breaks.push({ pipeId: p.id, dateMs: Date.UTC(year, 5, 1 + k) });
      }
    const windows = peerProtocol({
      pipes,
      breaks,
      seed: 2,
      resamples: 100,
      cutoffYears: [2019],
      params: { maxTrees: 40 },
    });
    expect(windows.length).toBeGreaterThan(0);
    for (const w of windows) {
      const c = w.calibration;
      expect(c.breaksRatio!.value).toBeCloseTo(c.predictedBreaks / w.breaks, 12);
      expect(c.breakingMainsRatio!.value).toBeCloseTo(c.predictedBreakingMains / w.breakingMains, 12);
      expect(c.breaksRatio!.low).toBeLessThanOrEqual(c.breaksRatio!.value);
      expect(c.breaksRatio!.high).toBeGreaterThanOrEqual(c.breaksRatio!.value);
      // A stationary record: the ratio is near 1.
      expect(c.breaksRatio!.value).toBeGreaterThan(0.6);
      expect(c.breaksRatio!.value).toBeLessThan(1.6);
    }
  });
});
