import { describe, expect, it } from 'vitest';
import { generateCity } from '../synth/generate.ts';
import { cityOptions } from '../synth/testing.ts';
import { evaluateImputation, maskKnownValues, scoreImputation } from './evaluate.ts';
import { cityImputePipes } from './testing/synthetic.ts';

/** Generous: the shared CI machine can be loaded; speed is measured in bench/, not here. */
const SLOW_TEST_MS = 60_000;

describe('evaluateImputation on a small generated town', () => {
  const city = generateCity(cityOptions({ seed: 11, pipes: 3000 }));
  const pipes = cityImputePipes(city);

  it('masks a seeded share of known values, the same for a seed', () => {
    const a = maskKnownValues(pipes, 0.2, 5);
    expect(a.truth).toEqual(maskKnownValues(pipes, 0.2, 5).truth);
    const hidden = a.truth.filter((t) => t.materialTypeCode !== undefined).length;
    const known = pipes.filter((p) => p.materialTypeCode !== null).length;
    expect(hidden / known).toBeGreaterThan(0.15);
    expect(hidden / known).toBeLessThan(0.25);
  });

  it(
    'beats the neighbour-mode baseline on masked known values',
    () => {
      const e = evaluateImputation({ pipes, seed: 3, maskFraction: 0.2 });
      expect(e.masked.materialTypeCode).toBeGreaterThan(300);
      for (const t of ['materialTypeCode', 'diameterMm'] as const) {
        expect(e.model[t].accuracy).toBeGreaterThan(e.baseline[t].accuracy);
      }
      for (const t of ['installYear', 'materialTypeCode', 'diameterMm'] as const) {
        expect(e.model[t].logLoss).toBeLessThan(e.baseline[t].logLoss);
        expect(e.model[t].brier).toBeLessThan(e.baseline[t].brier);
        expect(e.model[t].ece).toBeLessThan(0.1);
      }
      expect(e.model.installYear.maeYears!).toBeLessThan(e.baseline.installYear.maeYears!);
    },
    SLOW_TEST_MS,
  );

  it(
    'beats the baseline on the values the generator hid (maskedTruth)',
    () => {
      const s = scoreImputation({ pipes, seed: 3 }, city.maskedTruth);
      expect(s.model.materialTypeCode.count).toBeGreaterThan(100);
      expect(s.model.materialTypeCode.accuracy).toBeGreaterThan(s.baseline.materialTypeCode.accuracy);
      expect(s.model.installYear.within10Years!).toBeGreaterThan(s.baseline.installYear.within10Years!);
      expect(s.model.diameterMm.logLoss).toBeLessThan(s.baseline.diameterMm.logLoss);
    },
    SLOW_TEST_MS,
  );
});
