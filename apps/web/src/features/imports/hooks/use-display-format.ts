// Lengths and dates as this user reads them: the user's long-distance unit and time zone, the UI language.
import { formatDate, formatLength, formatNumber } from '@pipewise/domain';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../session/index.ts';

export function useDisplayFormat() {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const language = i18n.language;
  const unit = user?.units.user.segmentLarge ?? 'km';
  const timeZone = user?.timeZone ?? null;
  return {
    length: (meters: number) => formatLength(meters, unit, language),
    number: (value: number | null | undefined) => (value == null ? '–' : formatNumber(value, language)),
    date: (iso: string | null | undefined) => formatDate(iso, language, { timeZone, withTime: true }),
  };
}
