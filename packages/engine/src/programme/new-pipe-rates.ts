// What a renewed main breaks at (issue 39: "a renewed pipe restarts as a new pipe of the replacement material …
// with that material's fitted rate or, where the utility has too few such pipes, a documented published rate").
//
// The utility's own rate of a material is that of its young mains of it: expected breaks per km·year of the mains
// laid within YOUNG_YEARS, by the served model, once they add up to MIN_OWN_KM. Fewer than that and one break more or
// less would move the rate a lot; the published North American rate is taken instead and the programme says so.
import { MATERIAL, type MaterialCode } from '@pipewise/domain';

/** Which material replaces a main: PVC up to `largeFromMm`, ductile iron from it (North American practice). */
export interface ReplacementRule {
  readonly smallMaterial: MaterialCode;
  readonly largeMaterial: MaterialCode;
  /** Mains of this diameter and larger (and of unknown diameter) get largeMaterial. */
  readonly largeFromMm: number;
}

export const DEFAULT_REPLACEMENT: ReplacementRule = {
  smallMaterial: MATERIAL.PVC,
  largeMaterial: MATERIAL.DUCTILE_IRON,
  largeFromMm: 350,
};

export const replacementMaterial = (diameterMm: number | null, rule: ReplacementRule): MaterialCode =>
  diameterMm !== null && diameterMm < rule.largeFromMm ? rule.smallMaterial : rule.largeMaterial;

export const YOUNG_YEARS = 20;
export const MIN_OWN_KM = 10;

export const PER_100_MILES_TO_PER_KM = 1 / 160.9344;
/**
 * Breaks per 100 miles per year by material, all ages, from the Utah State University survey of 2018 (S. Folkman,
 * "Water Main Break Rates In the USA and Canada: A Comprehensive Study", Buried Structures Laboratory, March 2018,
 * §5.1, ~200,000 miles of main at 308 utilities; overall 14.0). They are averages over mains of every age, so for a
 * new main they are on the high side: a cautious figure where the utility's own young mains cannot give one. The
 * survey has no separate figure for HDPE and "other plastic": they take PVC's, and concrete that of concrete
 * pressure pipe; unknown and other materials the survey's overall rate.
 */
export const PUBLISHED_BREAKS_PER_100_MILES: Readonly<Record<MaterialCode, number>> = {
  [MATERIAL.CAST_IRON]: 34.1,
  [MATERIAL.STEEL]: 13.5,
  [MATERIAL.DUCTILE_IRON]: 4.9,
  [MATERIAL.ASBESTOS_CEMENT]: 7.1,
  [MATERIAL.PLASTIC]: 2.6,
  [MATERIAL.CONCRETE]: 2.7,
  [MATERIAL.UNKNOWN]: 14.0,
  [MATERIAL.OTHER]: 14.0,
  [MATERIAL.PVC]: 2.6,
  [MATERIAL.PEHDPE]: 2.6,
  [MATERIAL.PCRC]: 2.7,
};

export const publishedRatePerKm = (material: MaterialCode): number =>
  PUBLISHED_BREAKS_PER_100_MILES[material] * PER_100_MILES_TO_PER_KM;

export interface RatedPipe {
  readonly material: MaterialCode | null;
  readonly lengthM: number;
  readonly ageYears: number | null;
  readonly expectedBreaks: number;
}

export interface NewPipeRate {
  readonly material: MaterialCode;
  readonly ratePerKm: number;
  readonly source: 'utility' | 'published';
  /** Length of young mains of the material the utility's rate is taken over (0 for a published rate's). */
  readonly youngKm: number;
}

/** The new-pipe rate of each material asked for, the utility's own where it has enough young mains of it. */
export function newPipeRates(pipes: readonly RatedPipe[], materials: readonly MaterialCode[]): NewPipeRate[] {
  const km = new Map<MaterialCode, number>();
  const breaks = new Map<MaterialCode, number>();
  for (const p of pipes) {
    if (p.material === null || p.ageYears === null || p.ageYears > YOUNG_YEARS || !(p.lengthM > 0)) continue;
    km.set(p.material, (km.get(p.material) ?? 0) + p.lengthM / 1000);
    breaks.set(p.material, (breaks.get(p.material) ?? 0) + p.expectedBreaks);
  }
  return [...new Set(materials)].map((material) => {
    const youngKm = km.get(material) ?? 0;
    return youngKm >= MIN_OWN_KM
      ? { material, ratePerKm: breaks.get(material)! / youngKm, source: 'utility', youngKm }
      : { material, ratePerKm: publishedRatePerKm(material), source: 'published', youngKm: 0 };
  });
}
