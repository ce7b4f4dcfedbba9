// Lengths and dates as this user reads them: the user's long-distance unit and time zone, the UI language.
import { formatDate, formatLength, formatNumber } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../session/index.ts';

export function useDisplayFormat() {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const language = i18n.language;
  const unit = user?.units.user.segmentLarge ?? 'km';
  const short = user?.units.user.segment ?? 'm';
  const timeZone = user?.timeZone ?? null;
  return {
    length: (meters: number) => formatLength(meters, unit, language),
    /** A few metres or feet to the millimetre: snapping distances, short links (issue 16). */
    shortLength: (meters: number) => formatLength(meters, short, language, { maxDecimals: 3 }),
    number: (value: number | null | undefined) => (value == null ? '–' : formatNumber(value, language)),
    date: (iso: string | null | undefined) => formatDate(iso, language, { timeZone, withTime: true }),
  };
}
