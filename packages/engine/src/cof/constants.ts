// COF constants of spec 001 §9. '@pipewise/domain' has none of these yet (it holds SCENARIO_TYPE only), so
// they live here with their citation until the domain owners move them.
import { MM_PER_INCH } from '@pipewise/domain';

/** 001 §9: COF cost factor groups. */
export const COF_FACTOR_GROUPS = [
  'directStandard',
  'propertyDamage',
  'criticalFacilities',
  'trafficDisruption',
  'environmental',
  'noWater',
  'custom',
] as const;
export type CofFactorGroup = (typeof COF_FACTOR_GROUPS)[number];

/** 001 §9: cost codes. Bit flags: total = direct | indirect (8192 + 16384); custom stands apart. */
export const COF_COST_CODE = { direct: 8192, indirect: 16384, total: 24576, custom: 2048 } as const;
export type CofCostCode = (typeof COF_COST_CODE)[keyof typeof COF_COST_CODE];

/** Which cost code each factor group rolls up into (our reading: repair and damage at the site are direct). */
export const COF_GROUP_CODE: Readonly<Record<CofFactorGroup, CofCostCode>> = {
  directStandard: COF_COST_CODE.direct,
  propertyDamage: COF_COST_CODE.direct,
  criticalFacilities: COF_COST_CODE.indirect,
  trafficDisruption: COF_COST_CODE.indirect,
  environmental: COF_COST_CODE.indirect,
  noWater: COF_COST_CODE.indirect,
  custom: COF_COST_CODE.custom,
};

export const DIAMETER_TIERS = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'] as const;
export type DiameterTier = (typeof DIAMETER_TIERS)[number];
export type TierValues = Readonly<Record<DiameterTier, number>>;

/**
 * 001 §9 tier bands in inches: under 4, 4–8, 8–16, 16–24, 24–30, 30 or more. CHECKLIST COF-COST-03 flags
 * the shared edges (8, 16, 24) as ambiguous; we make every band half-open [lower, upper) so that "under 4"
 * and "30 or more" hold literally and an edge belongs to the band it starts (4 → d2, 8 → d3, …, 30 → d6).
 */
export const TIER_LOWER_BOUNDS_IN: readonly number[] = [4, 8, 16, 24, 30];

/** 001 §9 default standard repair cost by tier, per unit length (US: USD per foot, see defaults.ts). */
export const DEFAULT_STANDARD_REPAIR_COST: TierValues = {
  d1: 168,
  d2: 200,
  d3: 280,
  d4: 330,
  d5: 380,
  d6: 450,
};

/** 001 §9 / 000 §2: levels 1–5. */
export const COF_LEVELS = [1, 2, 3, 4, 5] as const;
export type CofLevel = (typeof COF_LEVELS)[number];
export const COF_LEVEL_NAMES: Readonly<Record<CofLevel, string>> = {
  1: 'low',
  2: 'medium low',
  3: 'medium high',
  4: 'high',
  5: 'very high',
};

/** The tier of a pipe from its diameter in mm (inches = mm / 25.4, 001 §9); null when unknown. */
export function diameterTier(diameterMm: number | null | undefined): DiameterTier | null {
  if (diameterMm === null || diameterMm === undefined || !Number.isFinite(diameterMm) || diameterMm < 0)
    return null;
  // Compared in mm with a nanometre of slack, so 101.6 mm is 4 in even where mm / 25.4 rounds below 4.
  let band = 0;
  while (band < TIER_LOWER_BOUNDS_IN.length && diameterMm >= TIER_LOWER_BOUNDS_IN[band]! * MM_PER_INCH - 1e-6)
    band++;
  return DIAMETER_TIERS[band]!;
}
