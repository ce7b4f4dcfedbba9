// The diameter band of each tier d1–d6, labelled in the user's unit with the map legend's wording (lib/tier-label.ts):
// '< 4 in' … '≥ 30 in' for imperial users, '< 102 mm' … '≥ 762 mm' for metric ones.
import {
  DIAMETER_PALETTE,
  MM_PER_INCH,
  VIEW_DEFINITIONS,
  rangeTiers,
  type UnitSystem,
} from '@pipewise/domain';
import type { TFunction } from 'i18next';
import { tierLabel } from '../../../lib/tier-label.ts';
import { TIERS, type Tier } from '../types.ts';

/** 001 §9 tier bands in inches: under 4, 4–8, 8–16, 16–24, 24–30, 30 or more (CHECKLIST COF-COST-03). */
export const TIER_BOUNDS_IN = [4, 8, 16, 24, 30] as const;

/** Metric users read whole millimetres: 4 in is 101.6 mm, shown as 102. */
const BAND_TIERS = rangeTiers(
  TIER_BOUNDS_IN.map((inches) => Math.round(inches * MM_PER_INCH)),
  DIAMETER_PALETTE.slice(0, TIERS.length),
  { imperialBounds: TIER_BOUNDS_IN },
);

export function tierBandLabels(
  t: TFunction,
  language: string,
  unitSystem: UnitSystem,
): Readonly<Record<Tier, string>> {
  const view = VIEW_DEFINITIONS.diameter;
  const labels = BAND_TIERS.map((tier) => tierLabel(view, tier, { t, language, unitSystem }));
  return Object.fromEntries(TIERS.map((tier, i) => [tier, labels[i] ?? ''])) as Record<Tier, string>;
}
