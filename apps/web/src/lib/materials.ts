// The 11 material codes of spec 000 §3 and their names. One vocabulary for the whole app — the map legend's
// (views.json `tiers.material.<SHORT>`), which the filters and reports already use — so a pipe's material reads the
// same on the map, in its details, in the virtual-pipes table, the COF rules and the import wizard. (Each of those
// once had its own list, and Japanese readers met '鋳鉄' in one place and '鋳鉄管' in the next.)
import { MATERIAL, MATERIAL_SHORT_LABELS } from '@pipewise/domain';
import type { TFunction } from 'i18next';

export type MaterialKey = keyof typeof MATERIAL;

/** Codes in code order with their constant names, e.g. [0, 'CAST_IRON']. */
export const MATERIAL_OPTIONS: readonly { code: number; key: MaterialKey; short: string }[] = (
  Object.entries(MATERIAL) as [MaterialKey, number][]
)
  .sort((a, b) => a[1] - b[1])
  .map(([key, code]) => ({ code, key, short: MATERIAL_SHORT_LABELS[code] ?? key }));

/** The material's name in the reader's language; 'n/a' for a missing or unknown code. */
export function materialName(t: TFunction, code: number | null | undefined): string {
  const option = MATERIAL_OPTIONS.find((o) => o.code === code);
  return option ? t(`tiers.material.${option.short}`, { ns: 'views' }) : t('common.na', { ns: 'details' });
}
