// The prior LOF of a network without break history (prior.ts): survey rates by material, spread by age with RUL's
// power law and normalised so each material's mains average the survey's rate; unknowns; RUL; the scoring's shape.
import { LOF_RANK_OUT_OF_RANGE, MATERIAL } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_BREAKS_PER_100_MILES } from '../programme/new-pipe-rates.ts';
import { AGEING_MIN_AGE_YEARS, PRIOR_EXPONENT } from '../rul/ageing.ts';
import {
  PRIOR_AGEING,
  priorBreaksPer100Miles,
  priorLofCard,
  priorRate,
  priorRates,
  scorePriorLof,
} from './prior.ts';
import type { LofPipe } from './types.ts';

const AS_OF = 2024;
const PER_KM = 1 / 160.9344;
const pipe = (
  id: string,
  material: LofPipe['material'],
  installYear: number | null,
  lengthM = 1000,
): LofPipe => ({
  id,
  material,
  installYear,
  diameterMm: 150,
  lengthM,
});

// Cast iron laid at ages 20, 60 and 100 (2 km, 1 km, 1 km); PVC at 30 and 5 (below the 10-year floor).
const pipes: LofPipe[] = [
  pipe('ci-20', MATERIAL.CAST_IRON, AS_OF - 20, 2000),
  pipe('ci-60', MATERIAL.CAST_IRON, AS_OF - 60),
  pipe('ci-100', MATERIAL.CAST_IRON, AS_OF - 100),
  pipe('pvc-30', MATERIAL.PVC, AS_OF - 30),
  pipe('pvc-5', MATERIAL.PVC, AS_OF - 5),
  pipe('ci-unknown-age', MATERIAL.CAST_IRON, null),
  pipe('unknown-material', null, AS_OF - 40),
  pipe('not-laid-yet', MATERIAL.PVC, AS_OF + 3),
  pipe('no-length', MATERIAL.PVC, AS_OF - 10, 0),
];

describe('prior rates', () => {
  it('uses the survey (Folkman 2018) by material, the overall 14.0 for an unknown material, and the RUL law', () => {
    expect(priorBreaksPer100Miles(MATERIAL.CAST_IRON)).toBe(34.1);
    expect(priorBreaksPer100Miles(MATERIAL.PVC)).toBe(PUBLISHED_BREAKS_PER_100_MILES[MATERIAL.PVC]);
    expect(priorBreaksPer100Miles(null)).toBe(14.0);
    expect(PRIOR_AGEING).toMatchObject({
      exponentByMaterial: {},
      pooledExponent: PRIOR_EXPONENT,
      minAgeYears: AGEING_MIN_AGE_YEARS,
    });
    expect(PRIOR_EXPONENT).toBe(1);
  });

  it("places the survey's rate at each material's length-weighted mean age (floored at 10) in the network", () => {
    const rates = priorRates(pipes, AS_OF);
    const ci = rates.find((r) => r.material === MATERIAL.CAST_IRON)!;
    // (2 × 20 + 60 + 100) ÷ 4 km; the pipe of unknown age does not move it.
    expect(ci.referenceAgeYears).toBeCloseTo(50, 10);
    expect(ci).toMatchObject({ referenceFromMaterial: true, lengthKm: 5, knownAgeKm: 4 });
    expect(ci.breaksPerKmYear).toBeCloseTo(34.1 * PER_KM, 12);
    // PVC: 30 and max(10, 5); the pipe not laid yet and the one without length are not scored.
    expect(rates.find((r) => r.material === MATERIAL.PVC)!.referenceAgeYears).toBeCloseTo(20, 10);
    const unknown = rates.find((r) => r.material === null)!;
    expect(unknown).toMatchObject({ breaksPer100MilesYear: 14.0, referenceAgeYears: 40 });
  });

  it("normalises: the material's mains of known age average the survey's rate, older above, younger below", () => {
    const prior = scorePriorLof({ pipes, asOfYear: AS_OF });
    const byId = new Map(prior.scores.pipes.map((p) => [p.id, p]));
    const ci = ['ci-20', 'ci-60', 'ci-100'].map((id) => byId.get(id)!);
    const km = [2, 1, 1];
    const mean = ci.reduce((s, p, i) => s + p.breaksPerKmYear! * km[i]!, 0) / 4;
    expect(mean).toBeCloseTo(34.1 * PER_KM, 12);
    // Linear in age: 100 years is five times 20.
    expect(ci[2]!.breaksPerKmYear! / ci[0]!.breaksPerKmYear!).toBeCloseTo(5, 10);
    expect(ci[1]!.breaksPerKmYear).toBeCloseTo(34.1 * PER_KM * (60 / 50), 12);
    // Below the floor a main counts as 10 years old.
    expect(byId.get('pvc-5')!.breaksPerKmYear).toBeCloseTo(2.6 * PER_KM * (10 / 20), 12);
  });

  it('gives a main of unknown age its material rate at the reference age, and ages it from there', () => {
    const prior = scorePriorLof({ pipes, asOfYear: AS_OF });
    const p = prior.scores.pipes.find((s) => s.id === 'ci-unknown-age')!;
    expect(p.breaksPerKmYear).toBeCloseTo(34.1 * PER_KM, 12);
    // Two years: at 50 and 51 years.
    expect(p.lofAbsolute![24]).toBeCloseTo(34.1 * PER_KM * (1 + 51 / 50), 12);
    expect(p.riskDrivers).toEqual([MATERIAL.CAST_IRON + 2]);
  });

  it("a material none of whose mains has an age takes the network's reference age", () => {
    const rates = priorRates([pipe('a', MATERIAL.STEEL, null), pipe('b', MATERIAL.PVC, AS_OF - 40)], AS_OF);
    expect(rates.find((r) => r.material === MATERIAL.STEEL)).toMatchObject({
      referenceAgeYears: 40,
      referenceFromMaterial: false,
    });
    expect(priorRate(rates[0]!, null)).toBeCloseTo(rates[0]!.breaksPerKmYear, 12);
  });
});

describe('prior scoring', () => {
  const prior = scorePriorLof({ pipes, asOfYear: AS_OF });
  const byId = new Map(prior.scores.pipes.map((p) => [p.id, p]));

  it('scores as the trained model does: expected breaks aged a year at a time, 1 − exp(−x), ranks, shares', () => {
    const p = byId.get('ci-60')!;
    const rate = (age: number) => 34.1 * PER_KM * (age / 50);
    expect(p.lofAbsolute![12]).toBeCloseTo(rate(60), 12);
    expect(p.lofAbsolute![60]).toBeCloseTo(
      [60, 61, 62, 63, 64].reduce((s, a) => s + rate(a), 0),
      12,
    );
    expect(p.lof![36]).toBeCloseTo(1 - Math.exp(-p.lofAbsolute![36]), 12);
    // The 100-year cast iron main is the riskiest; PVC the least.
    expect(byId.get('ci-100')!.rank[12]).toBeCloseTo((100 * 1) / 7, 10);
    expect(byId.get('ci-100')!.cumBreaks![12]).toBeGreaterThan(0);
    expect(byId.get('pvc-5')!.cumBreaks![12]).toBeCloseTo(100, 10);
    expect(prior.scores.projectLof).toBeGreaterThan(0);
  });

  it('leaves a main not laid yet or without length unscored (rank 333, no RUL)', () => {
    for (const id of ['not-laid-yet', 'no-length']) {
      expect(byId.get(id)).toMatchObject({ lof: null, breaksPerKmYear: null, riskDrivers: [] });
      expect(byId.get(id)!.rank[12]).toBe(LOF_RANK_OUT_OF_RANGE);
    }
    expect(prior.rulYears.slice(-2)).toEqual([null, null]);
  });

  it('names material and age as the drivers that lift a main above the survey average and its reference age', () => {
    expect(byId.get('ci-100')!.riskDrivers).toEqual([MATERIAL.CAST_IRON + 2, 1]);
    expect(byId.get('ci-20')!.riskDrivers).toEqual([MATERIAL.CAST_IRON + 2]);
    expect(byId.get('pvc-30')!.riskDrivers).toEqual([1]);
    expect(byId.get('pvc-5')!.riskDrivers).toEqual([]);
  });

  it("gives a RUL by the same law, due at the 5 % of length's rate", () => {
    const { calibration } = prior;
    expect(calibration).toMatchObject({ dueLengthShare: 0.05, ageing: PRIOR_AGEING });
    // The worst 5 % of 9 km scored… by length: the 100-year cast iron main's rate is the threshold.
    expect(calibration.thresholdBreaksPerKmYear).toBeCloseTo(34.1 * PER_KM * 2, 12);
    const rul = new Map(pipes.map((p, i) => [p.id, prior.rulYears[i]]));
    expect(rul.get('ci-100')).toBe(0);
    // 60-year cast iron at 1.2 × the survey rate reaches 2 × at 100 years: 40 years (41 when the rounding of
    // 60 × 2 ÷ 1.2 lands a hair above 100: whole years, rounded up).
    expect([40, 41]).toContain(rul.get('ci-60'));
    expect([50, 51]).toContain(rul.get('ci-unknown-age'));
    expect(rul.get('pvc-30')).toBe(100);
  });

  it('honours a fixed threshold', () => {
    const fixed = scorePriorLof({ pipes, asOfYear: AS_OF, rul: { fixedThresholdBreaksPerKmYear: 1 } });
    expect(fixed.calibration.thresholdBreaksPerKmYear).toBe(1);
  });

  it('has a card that says it is a prior, cites the survey and has no backtest', () => {
    const card = priorLofCard(prior, pipes.length, 'the dataset has no break record linked to its pipes');
    expect(card).toMatchObject({ prior: true, backtests: [], scoredAsOf: '2024-01-01', data: { pipes: 9 } });
    expect(card.method).toBe(
      "Prior: published North American break rates by material and age (Folkman 2018), not learned from this utility's breaks",
    );
    expect(card.source).toMatch(/Folkman.*2018/);
    expect(card.notes.join(' ')).toMatch(/diameter/);
  });
});
