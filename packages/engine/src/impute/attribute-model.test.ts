// The attribute expert's precomputed logs give, to the bit, the logs it used to take per pipe (issue 41).
import { describe, expect, it } from 'vitest';
import { attributeEvidence, logPrior, trainAttributeModel } from './attribute-model.ts';
import { materialCoding, yearCoding } from './categories.ts';
import { newTargetState } from './state.ts';

describe('attribute model', () => {
  it('looks up the logs the formulas give, leaving a known pipe out of its own class', () => {
    const years = yearCoding([1950, 1960, 1970, 1980, 1990], 10);
    const materials = materialCoding();
    const n = 40;
    const target = newTargetState(
      years,
      Int32Array.from({ length: n }, (_, i) => (i % 7 === 0 ? -1 : i % 5)),
    );
    const other = newTargetState(
      materials,
      Int32Array.from({ length: n }, (_, i) => (i % 3 === 0 ? -1 : i % 4)),
    );
    const column = { values: Int32Array.from({ length: n }, (_, i) => (i % 11 === 0 ? -1 : i % 3)), size: 3 };
    const model = trainAttributeModel(target, [other], [column]);
    const K = years.size;
    const out = new Float64Array(K);
    for (let i = 0; i < n; i++) {
      const own = target.known[i]!;
      logPrior(model, target, i, out);
      const trained = model.trained - (own >= 0 ? 1 : 0);
      for (let y = 0; y < K; y++) {
        const direct = Math.log((model.priorCounts[y]! - (y === own ? 1 : 0) + 1) / (trained + K));
        expect(Object.is(out[y], direct)).toBe(true);
      }
      attributeEvidence(model, target, i, out);
      for (let y = 0; y < K; y++) {
        let direct = 0;
        for (const t of model.tables) {
          const v = t.column[i]!;
          if (v < 0) continue;
          const self = y === own ? 1 : 0;
          const c = t.counts[y * t.size + v]! - self;
          direct += Math.log((c + 2 * t.marginal[v]!) / (t.rowTotals[y]! - self + 2));
        }
        expect(Object.is(out[y], direct)).toBe(true);
      }
    }
  });
});
