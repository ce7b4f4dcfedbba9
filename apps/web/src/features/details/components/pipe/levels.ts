import type { TFunction } from 'i18next';

/** COF and BRE levels 1–5: low, medium low, medium high, high, very high (000 §3). */
export function levelName(t: TFunction, level: number | null | undefined): string {
  if (level == null || level < 1 || level > 5) return t('common.na', { ns: 'details' });
  return t(`levels.${level}`, { ns: 'details' });
}
