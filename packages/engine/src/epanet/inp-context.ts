// Error collection and field access shared by the section readers. Errors are collected, not thrown, so a
// user fixing a file sees every problem at once (up to a cap: a wrong file could yield one per line).
import type { InpParseError } from './inp-types.ts';
import { parseNumber } from './line.ts';

export class InpContext {
  readonly errors: InpParseError[] = [];
  truncated = false;
  line = 0;
  section: string | null = null;

  constructor(private readonly maxErrors: number) {}

  get full(): boolean {
    return this.errors.length >= this.maxErrors;
  }

  error(field: string | null, message: string, line = this.line, section = this.section): void {
    if (this.full) {
      this.truncated = true;
      return;
    }
    this.errors.push({ line, section, field, message });
  }

  /** Checks the field count; `names` lists the fields in order so the message can name what is missing. */
  count(fields: readonly string[], min: number, max: number, names: readonly string[]): boolean {
    if (fields.length >= min && fields.length <= max) return true;
    if (fields.length < min) {
      const missing = names.slice(fields.length, min).join(', ');
      this.error(
        names[fields.length] ?? null,
        `expected at least ${min} fields, got ${fields.length} (missing ${missing})`,
      );
    } else {
      this.error(null, `expected at most ${max} fields, got ${fields.length}`);
    }
    return false;
  }

  /** Number at `index`, or `fallback` when the field is absent; null (and an error) when not numeric. */
  num(fields: readonly string[], index: number, name: string, fallback?: number): number | null {
    const field = fields[index];
    if (field === undefined) {
      if (fallback !== undefined) return fallback;
      this.error(name, `missing ${name}`);
      return null;
    }
    const value = parseNumber(field);
    if (value === null) this.error(name, `${name} must be a number, got '${field}'`);
    return value;
  }
}

/** Optional id field: absent or '*' (EPANET's "none" placeholder, e.g. a tank's VolCurve) means null. */
export function optionalId(field: string | undefined): string | null {
  return field === undefined || field === '*' ? null : field;
}
