// Numbers typed into the planner's forms: a decimal point or a lone decimal comma (de, it, fr, es keyboards),
// no grouping. '' and anything else is NaN, which the form rules reject.
export function parseDecimal(text: string | number | null | undefined): number {
  if (typeof text === 'number') return text;
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return Number.NaN;
  const normalised = /^-?\d+,\d+$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(normalised) ? Number(normalised) : Number.NaN;
}

export const isDecimal = (text: string) => Number.isFinite(parseDecimal(text));

/** A number for an input field: rounded to `decimals`, trailing zeros dropped. */
export function decimalText(value: number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const factor = 10 ** decimals;
  return String(Math.round(value * factor) / factor);
}
