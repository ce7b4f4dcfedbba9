// What the reports call their groups, in the words and colours the map uses: materials and LOF classes as the map
// legend names them (lib/tier-label.ts over the view definitions), diameter tiers d1–d6 by their 001 §9 band in the
// reader's unit, levels 1–5 low … very high (001 §9), years and decades.
import {
  MM_PER_INCH,
  VIEW_DEFINITIONS,
  localizeDigits,
  type CofReportFactor,
  type Tier,
  type UnitSystem,
} from '@pipewise/domain';
import type { TFunction } from 'i18next';
import { tierLabel } from '../../../lib/tier-label.ts';

export interface LabelContext {
  t: TFunction;
  language: string;
  unitSystem: UnitSystem;
}

/** 001 §9 diameter tier bands in inches: under 4, 4–8, 8–16, 16–24, 24–30, 30 or more. */
const TIER_BOUNDS_IN = [4, 8, 16, 24, 30] as const;
export const DIAMETER_TIERS = ['d1', 'd2', 'd3', 'd4', 'd5', 'd6'] as const;

/** The d1–d6 tiers as view tiers: inch bounds for imperial readers, whole millimetres for metric ones. */
const DIAMETER_TIER_BANDS: Tier[] = DIAMETER_TIERS.map((id, i) => {
  const low = TIER_BOUNDS_IN[i - 1];
  const high = TIER_BOUNDS_IN[i];
  return {
    id,
    color: '',
    ...(low !== undefined && { imperialLow: low, low: Math.round(low * MM_PER_INCH) }),
    ...(high !== undefined && { imperialHigh: high, high: Math.round(high * MM_PER_INCH) }),
  };
});

export const LEVEL_KEYS = ['low', 'mediumLow', 'mediumHigh', 'high', 'veryHigh'] as const;

/** 8 LOF classes (LOF_CLASS_UPPER_BOUNDS, MAP-TIER-06), as the map's LOF view colours them. */
export const LOF_CLASS_TIERS = VIEW_DEFINITIONS.lof.tiers;

export function labels({ t, language, unitSystem }: LabelContext) {
  const unknown = t('labels.unknown', { ns: 'reports' });
  const tierText = (view: (typeof VIEW_DEFINITIONS)[keyof typeof VIEW_DEFINITIONS], tier: Tier) =>
    tierLabel(view, tier, { t, language, unitSystem });
  const material = (key: string | null) => {
    const tier = VIEW_DEFINITIONS.materialTypeCode.tiers.find((x) => key != null && String(x.value) === key);
    return tier ? tierText(VIEW_DEFINITIONS.materialTypeCode, tier) : unknown;
  };
  // A year is not a count: no grouping (1,965), but ja's full-width digits (000 §9).
  const year = (key: string) => localizeDigits(key, language);
  return {
    unknown,
    /** A material code as text ('0'…'10'), the wire's group key. */
    material,
    materialCode: (code: number | null) => material(code == null ? null : String(code)),
    diameterTier: (key: string | null) => {
      const tier = DIAMETER_TIER_BANDS.find((x) => x.id === key);
      return tier ? tierText(VIEW_DEFINITIONS.diameter, tier) : unknown;
    },
    year: (key: string | null) => (key == null ? unknown : year(key)),
    decade: (key: string | null) =>
      key == null ? unknown : t('labels.decade', { ns: 'reports', start: year(key) }),
    /** Level 1–5 → low … very high. */
    level: (level: number) => {
      const key = LEVEL_KEYS[level - 1];
      return key ? t(`tiers.level.${key}`, { ns: 'views' }) : unknown;
    },
    lofClass: (index: number) => {
      const tier = LOF_CLASS_TIERS[index];
      return tier ? tierText(VIEW_DEFINITIONS.lof, tier) : unknown;
    },
    factor: (factor: CofReportFactor) => t(`factors.${factor}`, { ns: 'reports' }),
    costCode: (code: number) =>
      t(`costCodes.${code}`, { ns: 'reports', defaultValue: t('labels.code', { ns: 'reports', code }) }),
  };
}

export type Labels = ReturnType<typeof labels>;
