// Repair cost of one pipe for the planner: the standard repair cost rate of its diameter tier (spec 001 §9:
// d1 168 … d6 450 per unit length by default) times its length in the rate's length unit.
import { M_PER_FOOT } from '@pipewise/domain';
import { type TierValues, diameterTier } from '../cof/constants.ts';

/** rate[tier(diameterMm)] × length in the rate's unit ('m' or 'ft'); null when the diameter is unknown. */
export function repairCost(
  diameterMm: number | null,
  lengthM: number,
  rates: TierValues,
  perLengthUnit: 'm' | 'ft',
): number | null {
  if (!Number.isFinite(lengthM) || lengthM < 0) throw new RangeError(`lengthM must be ≥ 0, got ${lengthM}`);
  const tier = diameterTier(diameterMm);
  if (tier === null) return null;
  return rates[tier] * (perLengthUnit === 'ft' ? lengthM / M_PER_FOOT : lengthM);
}
