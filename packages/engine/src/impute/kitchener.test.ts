// Real data: the City of Kitchener mains (shared/data, SOURCE.md). No geometry, so neighbours are the
// mains on the same road segment. Skipped, with the reason printed, only when the data folder is absent.
import { describe, expect, it } from 'vitest';
import { hasSharedData, readSharedText, SHARED_DATA_SKIP_REASON } from '../testing/shared-data.ts';
import { evaluateImputation } from './evaluate.ts';
import { KITCHENER_MAINS, kitchenerImputePipes } from './testing/kitchener.ts';

const SLOW_TEST_MS = 60_000;

if (!hasSharedData) console.warn(SHARED_DATA_SKIP_REASON);

describe.skipIf(!hasSharedData)('imputation on the Kitchener mains', () => {
  it(
    'beats neighbour mode on masked values, with calibrated likelihoods',
    () => {
      const pipes = kitchenerImputePipes(readSharedText(KITCHENER_MAINS));
      expect(pipes).toHaveLength(15931);
      const e = evaluateImputation({ pipes, seed: 2, maskFraction: 0.05 });
      for (const t of ['installYear', 'materialTypeCode', 'diameterMm'] as const) {
        expect(e.model[t].accuracy).toBeGreaterThan(e.baseline[t].accuracy);
        expect(e.model[t].logLoss).toBeLessThan(e.baseline[t].logLoss);
        expect(e.model[t].ece).toBeLessThan(0.05);
      }
      expect(e.model.installYear.maeYears!).toBeLessThan(e.baseline.installYear.maeYears!);
    },
    SLOW_TEST_MS,
  );
});
