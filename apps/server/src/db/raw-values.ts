// Values of rows read with raw `sql` (tx.execute): node-postgres and PGlite hand back jsonb as objects or as text
// depending on the query path, and bigint/numeric as strings. One reading for every raw query.
export type RawRow = Record<string, unknown>;

/** jsonb as its value, whether the driver parsed it or not. */
export const rawJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
/** A number column (bigint and numeric arrive as text); null stays null. */
export const rawNumber = (v: unknown): number | null => (v == null ? null : Number(v));
/** A text column; null stays null. */
export const rawText = (v: unknown): string | null => (v == null ? null : String(v));

/** A numeric array as the driver returns it: an array, or PostgreSQL's text form '{1,2.5}'. */
export function rawNumberArray(v: unknown): number[] {
  if (v == null) return [];
  if (Array.isArray(v)) return v.map(Number);
  const text = String(v).replace(/^\{|\}$/g, '');
  return text === '' ? [] : text.split(',').map(Number);
}
