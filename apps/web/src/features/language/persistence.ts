// Where the language choice is remembered: cookie `lang` (365 days, SameSite=Lax, written on every
// change, ACC-LANG-06) and localStorage `login_language` for the login screens (ACC-LANG-01).
import type { Language } from '@pipewise/domain';
import { readCookie, writeCookie } from '../../lib/cookies.ts';

export const LANG_COOKIE = 'lang';
export const LOGIN_LANGUAGE_KEY = 'login_language';

export function readLangCookie(): string | null {
  return readCookie(LANG_COOKIE);
}

export function writeLangCookie(lang: Language): void {
  writeCookie(LANG_COOKIE, lang, { maxAgeDays: 365, sameSite: 'Lax' });
}

export function storeLoginLanguage(lang: Language): void {
  try {
    localStorage.setItem(LOGIN_LANGUAGE_KEY, lang);
  } catch {
    // Private mode or a full storage: the cookie still carries the choice.
  }
}
