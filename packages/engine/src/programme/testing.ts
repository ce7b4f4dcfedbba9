// Test helpers for the programme: a random grid town of mains with ages, breaks, costs and consequences drawn from a
// seeded stream (STYLE.md: builders, not networks wired by hand in every test).
import { mulberry32 } from '../random/mulberry32.ts';
import { PlannerBuilder } from '../planner/testing.ts';
import type { ProgrammeNetwork, ProgrammePipe } from './types.ts';

export interface TownOptions {
  readonly rows?: number;
  readonly cols?: number;
  /** Share of mains of unknown cost (never renewed). */
  readonly uncostedShare?: number;
  readonly renewedRatePerKm?: number;
}

/** A rows × cols grid: mains 80–300 m, ages 0–110, 0.02–0.6 breaks per km·year growing with age, b 0–2. */
export function randomTown(seed: number, options: TownOptions = {}): ProgrammeNetwork {
  const random = mulberry32(seed);
  const rows = options.rows ?? 8;
  const cols = options.cols ?? 8;
  const planner = new PlannerBuilder().grid(rows, cols, () => ({ lengthM: 80 + 220 * random() })).build();
  const pipes: ProgrammePipe[] = planner.map((p) => {
    const ageYears = random() < 0.05 ? null : Math.floor(110 * random());
    const rate = 0.02 + 0.58 * ((ageYears ?? 55) / 110) * random();
    const expectedBreaks = (rate * p.lengthM) / 1000;
    return {
      id: p.id,
      lengthM: p.lengthM,
      ageYears,
      expectedBreaks,
      ageingExponent: 2 * random(),
      cost: random() < (options.uncostedShare ?? 0.05) ? null : p.lengthM * (400 + 800 * random()),
      cof: 10_000 + 500_000 * random() ** 3,
      recordedBreaks: Math.floor(4 * rate * random() * 10),
      rulYears: ageYears === null ? null : Math.floor(100 * random() * (1 - ageYears / 120)),
      renewedRatePerKm: options.renewedRatePerKm ?? 0.015,
      from: p.from,
      to: p.to,
    };
  });
  return { pipes, minAgeYears: 10, minLengthM: 100, maxLengthM: 900 };
}

export const networkCost = (net: ProgrammeNetwork): number =>
  net.pipes.reduce((s, p) => s + (p.cost ?? 0), 0);
