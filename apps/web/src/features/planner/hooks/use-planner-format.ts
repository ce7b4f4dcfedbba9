// The planner's figures in the viewer's units and language, on the domain's formatters: lengths in m or ft (long
// ones in km or mi), diameters in mm or in, money in the project's currency, LOF and percentages, ISO dates.
import {
  NA,
  formatCurrency,
  formatDate,
  formatDiameter,
  formatLength,
  formatNumber,
  formatPercent,
  type CurrencyCode,
} from '@pipewise/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlanner } from './planner-context.tsx';

export type PlannerFormat = ReturnType<typeof usePlannerFormat>;

export function usePlannerFormat() {
  const { t } = useTranslation('planner');
  const { language, units, currency } = usePlanner();
  return useMemo(() => {
    const na = t('common.na');
    const orNa = (text: string) => (text === NA ? na : text);
    return {
      na,
      length: (m: number | null | undefined) => orNa(formatLength(m, units.segment, language)),
      lengthLarge: (m: number | null | undefined) => orNa(formatLength(m, units.segmentLarge, language)),
      diameter: (mm: number | null | undefined) => orNa(formatDiameter(mm, units.diameter, language)),
      money: (amount: number | null | undefined, code: CurrencyCode = currency) =>
        orNa(formatCurrency(amount, code, language)),
      /** A value in percent points (project-wide LOF, coverage). */
      percent: (value: number | null | undefined, decimals = 1) =>
        orNa(formatPercent(value, { language, decimals })),
      /** A probability 0–1 (lof12) as a percentage. */
      lof: (p: number | null | undefined) =>
        p == null || p < 0 ? na : orNa(formatPercent(p * 100, { language, decimals: 1 })),
      number: (value: number | null | undefined, decimals = 0) =>
        orNa(formatNumber(value, language, { decimals })),
      /** A YYYY-MM-DD date (a calendar day: read and shown in UTC so it stays that day). */
      day: (iso: string | null | undefined) =>
        iso ? orNa(formatDate(iso, language, { timeZone: 'UTC' })) : na,
      moment: (iso: string | null | undefined, timeZone: string) =>
        iso ? orNa(formatDate(iso, language, { timeZone, withTime: true })) : na,
      unit: units.segment,
    };
  }, [t, language, units, currency]);
}
