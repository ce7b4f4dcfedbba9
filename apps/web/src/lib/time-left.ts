// The time an analysis has left, as a user reads it (issue 15): "about 3 min left", "noch etwa 1,5 Std.". The server
// works the seconds out from the run's pace (analysis eta.ts); they are shown in whole minutes, or half hours from
// an hour on, with Intl's unit words in the user's language, so a figure that moves by seconds between two polls
// does not flicker.
import { localeFor, localizeDigits } from '@pipewise/domain';
import type { TFunction } from 'i18next';

function unit(value: number, unit: 'minute' | 'hour', language: string): string {
  const text = new Intl.NumberFormat(localeFor(language), {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
  return localizeDigits(text, language);
}

/** Whole minutes, or half hours from an hour on. */
function durationText(seconds: number, language: string): string {
  const minutes = Math.round(seconds / 60);
  return minutes < 60
    ? unit(minutes, 'minute', language)
    : unit(Math.round(seconds / 1800) / 2, 'hour', language);
}

/** "about 3 min left" in the user's language; null when the server gave no time (too early to tell, or done). */
export function timeLeftText(
  t: TFunction,
  seconds: number | null | undefined,
  language: string,
): string | null {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return null;
  if (seconds < 60) return t('timeLeft.underMinute', { ns: 'common' });
  return t('timeLeft.about', { ns: 'common', duration: durationText(seconds, language) });
}

/**
 * A queued run's place (issue 18): "Queued: position 3 · starts in about 4 min"; null when the server gave no place
 * (not waiting in the queue).
 */
export function queueText(
  t: TFunction,
  position: number | null | undefined,
  waitSeconds: number | null | undefined,
  language: string,
): string | null {
  if (position == null) return null;
  const place = t('queue.position', { ns: 'common', position: localizeDigits(String(position), language) });
  if (waitSeconds == null || !Number.isFinite(waitSeconds) || waitSeconds < 0) return place;
  const starts =
    waitSeconds < 60
      ? t('queue.startsSoon', { ns: 'common' })
      : t('queue.startsIn', { ns: 'common', duration: durationText(waitSeconds, language) });
  return t('timeLeft.withText', { ns: 'common', text: place, timeLeft: starts });
}

/** `text` and, when known, the time left after it: "Likelihood of failure · 43 % · about 3 min left". */
export function withTimeLeft(
  t: TFunction,
  text: string,
  seconds: number | null | undefined,
  language: string,
): string {
  const timeLeft = timeLeftText(t, seconds, language);
  return timeLeft === null ? text : t('timeLeft.withText', { ns: 'common', text, timeLeft });
}
