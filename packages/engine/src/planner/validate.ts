// Input checks of the auto planner: bad numbers are the caller's bug, so they throw RangeError rather than
// produce a plan (the server validates the form with the domain schema before it gets here).
import type { AutoPlanInput } from './types.ts';

const finite = (x: number) => typeof x === 'number' && Number.isFinite(x);

export function validatePlanInput(input: AutoPlanInput): void {
  const { budget, minLengthM, maxLengthM } = input;
  if (!finite(budget) || budget <= 0) throw new RangeError(`budget must be a positive number, got ${budget}`);
  if (!finite(minLengthM) || minLengthM < 0)
    throw new RangeError(`minLengthM must be ≥ 0, got ${minLengthM}`);
  if (!finite(maxLengthM) || maxLengthM <= 0)
    throw new RangeError(`maxLengthM must be > 0, got ${maxLengthM}`);
  if (minLengthM > maxLengthM)
    throw new RangeError(`minLengthM ${minLengthM} exceeds maxLengthM ${maxLengthM}`);
  const { timeLimitS, maxCandidates, mipRelGap } = input;
  if (timeLimitS !== undefined && !(finite(timeLimitS) && timeLimitS > 0))
    throw new RangeError(`timeLimitS must be positive, got ${timeLimitS}`);
  if (maxCandidates !== undefined && !(Number.isInteger(maxCandidates) && maxCandidates > 0))
    throw new RangeError(`maxCandidates must be a positive integer, got ${maxCandidates}`);
  if (mipRelGap !== undefined && !(finite(mipRelGap) && mipRelGap >= 0))
    throw new RangeError(`mipRelGap must be ≥ 0, got ${mipRelGap}`);
  for (const p of input.pipes) {
    const bad =
      !finite(p.lengthM) ||
      p.lengthM < 0 ||
      !finite(p.risk) ||
      p.risk < 0 ||
      (p.cost !== null && (!finite(p.cost) || p.cost < 0)) ||
      !Number.isInteger(p.from) ||
      !Number.isInteger(p.to) ||
      p.from < 0 ||
      p.to < 0 ||
      p.from > 0x7fffffff ||
      p.to > 0x7fffffff;
    if (bad) throw new RangeError(`pipe ${p.id}: invalid length, cost, risk or node index`);
  }
}
