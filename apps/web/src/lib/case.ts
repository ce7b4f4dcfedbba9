// snake_case ⇄ camelCase conversion of JSON keys. The API speaks snake_case (ARCHITECTURE.md);
// the web speaks camelCase. Only api-client.ts calls these, so the conversion happens in one place.

type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** The camelCased shape of a snake_case wire type (e.g. `Camelize<User>` from '@pipewise/domain'). */
export type Camelize<T> = T extends readonly (infer U)[]
  ? Camelize<U>[]
  : T extends object
    ? { [K in keyof T as K extends string ? CamelCase<K> : K]: Camelize<T[K]> }
    : T;

export function toCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

export function toSnake(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[convert(key)] = convertKeys(inner, convert);
  return out;
}

export function camelizeKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, toCamel) as T;
}

export function snakeizeKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, toSnake) as T;
}

/** A record whose keys are data (column names, raw material values): the conversion must leave them alone. */
class KeptKeys {
  constructor(entries: Record<string, unknown>) {
    Object.assign(this, entries);
  }
}

/**
 * Marks a record so neither conversion renames its keys; JSON.stringify still writes them. (The conversion only
 * walks plain objects, and this is a class instance.) Its values are not converted either.
 */
export function keepKeys<T extends Record<string, unknown>>(record: T): T {
  return new KeptKeys(record) as unknown as T;
}
