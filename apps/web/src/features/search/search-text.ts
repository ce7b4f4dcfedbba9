// How the search box reads what was typed (SRCH-02/03): an id of the active layer, or an address.

/** Shortest text worth asking the geocoder about while typing. */
export const MIN_ADDRESS_LENGTH = 3;

/** A numbered street's name: '8th', '21st', '2nd', '3rd' (issue 38: read as a pipe id, it was never looked up). */
const ORDINAL = /^\d+(st|nd|rd|th)$/i;

/**
 * "Purely an id": one token (no spaces) holding a digit, like 'P-1042' or '77'. Such text is not sent to the
 * address search when the id search finds nothing; 'Main St 5', 'Broadway' and a numbered street ('8th') are.
 */
export function isPurelyId(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length > 0 && !/\s/.test(trimmed) && /\d/.test(trimmed) && !ORDINAL.test(trimmed);
}

/** A VIS segment id: a whole number ≥ 0. */
export function segmentIdOf(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

export function wantsAddressSuggestions(text: string): boolean {
  return text.trim().length >= MIN_ADDRESS_LENGTH && !isPurelyId(text);
}
