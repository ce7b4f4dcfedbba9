// Full-width digits for Japanese and Chinese text (spec §9, CHECKLIST FMT-NUM-07).

const FULL_WIDTH_OFFSET = 0xff10 - 0x30;

/** '2030' → '２０３０'; everything but ASCII digits is left as it is. */
export function toFullWidthDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) + FULL_WIDTH_OFFSET));
}

/** Japanese and Chinese text take full-width digits; the app ships ja, zh is accepted for completeness. */
export function usesFullWidthDigits(language: string | null | undefined): boolean {
  return /^(ja|zh)(-|$)/i.test(language ?? '');
}

/** Applies full-width digits when the language calls for them. */
export function localizeDigits(text: string, language: string | null | undefined): string {
  return usesFullWidthDigits(language) ? toFullWidthDigits(text) : text;
}
