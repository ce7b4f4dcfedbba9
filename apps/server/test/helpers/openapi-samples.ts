// Requests built from the OpenAPI document, so a test can walk every route the app registers (a new route is
// covered without editing the test). Values are the smallest valid ones the schemas allow; a variant then
// replaces one value with a hostile one (a NUL, an out-of-range id).

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  pattern?: string;
}

export interface Operation {
  method: string;
  path: string;
  parameters: { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: JsonSchema }[];
  body?: JsonSchema;
  multipart: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['parameters'];
        requestBody?: { content: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      ...(op.requestBody?.content['application/json']?.schema
        ? { body: op.requestBody.content['application/json'].schema }
        : {}),
      multipart: op.requestBody?.content['multipart/form-data'] !== undefined,
    })),
  );
}

const STRING_BY_FORMAT: Record<string, string> = {
  uuid: '00000000-0000-4000-8000-000000000001',
  email: 'someone@example.com',
  date: '2026-01-01',
  'date-time': '2026-01-01T00:00:00Z',
};

const typeOf = (s: JsonSchema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

/** The smallest value `schema` accepts (best effort: patterns are not solved). */
export function sample(schema: JsonSchema): unknown {
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative) return sample(alternative.find((s) => typeOf(s) !== 'null') ?? alternative[0]!);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(s) as object));
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema) ?? 'any') {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, sample(s)]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}));
    case 'integer':
    case 'number': {
      const low =
        typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : (schema.minimum ?? 1);
      return Math.min(Math.max(low, 1), schema.maximum ?? Infinity);
    }
    case 'boolean':
      // true: a false `is_active` would lock the walking user out.
      return true;
    case 'string':
      return (
        (schema.format && STRING_BY_FORMAT[schema.format]) ?? 'a'.repeat(Math.max(schema.minLength ?? 1, 1))
      );
    default:
      return null;
  }
}

/** Every leaf of `value` with its path, for the variants that replace one leaf at a time. */
export function leaves(
  value: unknown,
  schema: JsonSchema,
  path: (string | number)[] = [],
): { path: (string | number)[]; schema: JsonSchema }[] {
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative)
    return leaves(value, alternative.find((s) => typeOf(s) !== 'null') ?? alternative[0]!, path);
  if (value !== null && typeof value === 'object' && !Array.isArray(value))
    return Object.entries(value).flatMap(([k, v]) => leaves(v, schema.properties?.[k] ?? {}, [...path, k]));
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, schema.items ?? {}, [...path, i]));
  return [{ path, schema }];
}

export function withLeaf(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withLeaf(copy[head!], rest, leaf);
  return copy;
}
