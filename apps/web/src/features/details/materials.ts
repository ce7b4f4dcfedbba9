// The 11 material codes of spec 000 §3 with their translated names (details.json `materials.<KEY>`).
import { MATERIAL, MATERIAL_SHORT_LABELS } from '@pipewise/domain';
import type { TFunction } from 'i18next';

export type MaterialKey = keyof typeof MATERIAL;

/** Codes in code order with their constant names, e.g. [0, 'CAST_IRON']. */
export const MATERIAL_OPTIONS: readonly { code: number; key: MaterialKey; short: string }[] = (
  Object.entries(MATERIAL) as [MaterialKey, number][]
)
  .sort((a, b) => a[1] - b[1])
  .map(([key, code]) => ({ code, key, short: MATERIAL_SHORT_LABELS[code] ?? key }));

export function materialName(t: TFunction, code: number | null | undefined): string {
  const option = MATERIAL_OPTIONS.find((o) => o.code === code);
  return option ? t(`materials.${option.key}`, { ns: 'details' }) : t('common.na', { ns: 'details' });
}
