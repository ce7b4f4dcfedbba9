// The ageing law recovers the exponents of a network whose breaks follow a known power law in age.
import { MATERIAL, type MaterialCode } from '@pipewise/domain';
import { describe, expect, it } from 'vitest';
import { indexBreaks } from '../lof/history.ts';
import { msOfYear } from '../lof/time.ts';
import type { LofBreak, LofPipe } from '../lof/types.ts';
import { mulberry32, poisson } from '../random/mulberry32.ts';
import { exponentOf, fitAgeing } from './ageing.ts';

interface Kind {
  readonly material: MaterialCode;
  /** Breaks per km·year at 50 years, and the exponent b of λ ∝ age^b. */
  readonly lambda50: number;
  readonly exponent: number;
  readonly pipes: number;
  readonly laidFrom: number;
}

/** Breaks drawn year by year over 2000–2020 at λ = λ50 · (max(10, age) / 50)^b per km·year. */
function network(kinds: readonly Kind[], seed: number) {
  const random = mulberry32(seed);
  const pipes: LofPipe[] = [];
  const breaks: LofBreak[] = [];
  for (const kind of kinds) {
    for (let k = 0; k < kind.pipes; k++) {
      const pipe: LofPipe = {
        id: `P${pipes.length}`,
        installYear: Math.floor(kind.laidFrom + random() * (2015 - kind.laidFrom)),
        material: kind.material,
        diameterMm: 150,
        lengthM: 50 + random() * 250,
      };
      pipes.push(pipe);
      for (let year = 2000; year < 2020; year++) {
        const age = year + 0.5 - pipe.installYear!;
        if (age < 0) continue;
        const rate = kind.lambda50 * (Math.max(10, age) / 50) ** kind.exponent;
        const count = poisson(random, (pipe.lengthM / 1000) * rate);
        for (let j = 0; j < count; j++) breaks.push({ pipeId: pipe.id, dateMs: msOfYear(year + random()) });
      }
    }
  }
  return { pipes, history: indexBreaks(pipes, breaks) };
}

const CUTOFFS = Array.from({ length: 10 }, (_, j) => 2019 - j);

describe('fitAgeing', () => {
  it('recovers each material’s exponent where the record is rich', () => {
    const kinds: Kind[] = [
      { material: MATERIAL.CAST_IRON, lambda50: 0.3, exponent: 1.2, pipes: 3000, laidFrom: 1890 },
      { material: MATERIAL.DUCTILE_IRON, lambda50: 0.15, exponent: 0.6, pipes: 3000, laidFrom: 1960 },
      { material: MATERIAL.PVC, lambda50: 0.1, exponent: 0.3, pipes: 3000, laidFrom: 1975 },
    ];
    const { pipes, history } = network(kinds, 11);
    const law = fitAgeing(pipes, history, CUTOFFS);
    for (const kind of kinds)
      expect(Math.abs(exponentOf(law, kind.material) - kind.exponent)).toBeLessThan(0.12);
    expect(law.fittedAgeRangeYears[1]).toBeGreaterThan(110);
  });

  it('shrinks a thin material to the pooled law, and ages an unknown one by it', () => {
    const { pipes, history } = network(
      [
        { material: MATERIAL.CAST_IRON, lambda50: 0.3, exponent: 1.2, pipes: 3000, laidFrom: 1890 },
        // A handful of breaks: its own estimate would be noise.
        { material: MATERIAL.STEEL, lambda50: 0.02, exponent: 3, pipes: 60, laidFrom: 1950 },
      ],
      12,
    );
    const law = fitAgeing(pipes, history, CUTOFFS);
    expect(Math.abs(law.pooledExponent - 1.2)).toBeLessThan(0.15);
    expect(Math.abs(exponentOf(law, MATERIAL.STEEL) - law.pooledExponent)).toBeLessThan(0.3);
    expect(exponentOf(law, MATERIAL.PCRC)).toBe(law.pooledExponent);
    expect(exponentOf(law, null)).toBe(law.pooledExponent);
  });

  it('never lets ageing lower a rate: falling rates are read as no ageing', () => {
    // Survivors of a bad batch, say: the youngest break most.
    const { pipes, history } = network(
      [{ material: MATERIAL.PEHDPE, lambda50: 0.5, exponent: -1.5, pipes: 3000, laidFrom: 1975 }],
      13,
    );
    expect(exponentOf(fitAgeing(pipes, history, CUTOFFS), MATERIAL.PEHDPE)).toBe(0);
  });
});
