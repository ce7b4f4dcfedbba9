// The generated name of a new saved filter (FILT-FAV-03; same pattern as the planner's 'Job N (date)', spec 000
// §9): N is the number of saved filters plus one, the date is today in the user's time zone as YYYY-MM-DD.
import { toIsoDate } from '@pipewise/domain';
import type { TFunction } from 'i18next';

export function defaultFilterName(t: TFunction, count: number, now: Date = new Date()): string {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return t('filters:favourites.defaultName', { n: count + 1, date: toIsoDate(now, timeZone) ?? '' });
}
