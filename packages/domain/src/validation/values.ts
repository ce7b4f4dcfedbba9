// Value coercions shared by the rules: form inputs arrive as strings, API payloads as numbers.

/** Empty values skip every rule except `required` (vee-validate semantics, which the spec's rule set comes from). */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const PLAIN_NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/;

/** A finite number from a number or a plain decimal string ('12.5', '-3'); NaN otherwise. */
export function toFiniteNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  return PLAIN_NUMBER.test(text) ? Number(text) : Number.NaN;
}

/** The text form of a scalar value, or undefined for objects, files and the like. */
export function toText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Decimal places written in a plain number text ('1.250' has 3); undefined when not a number. */
export function decimalPlaces(value: unknown): number | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    // Tiny numbers print in exponent form (1e-7), which the decimal pattern would not read.
    const text = String(value).includes('e') ? value.toFixed(20).replace(/0+$/, '') : String(value);
    return decimalPlaces(text);
  }
  const text = toText(value);
  if (text === undefined || !PLAIN_NUMBER.test(text)) return undefined;
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}
