// The request validator of every route: a check of what no route accepts, then the route's zod schema
// (fastify-type-provider-zod). Issue 18: PostgreSQL refuses U+0000 in `text` and `jsonb`, so a NUL anywhere in a
// path, query, header or body (a value or a key) answered 500 from the first query that carried it, and JSON
// nested thousands deep overflowed the database's parser stack. Checked here once instead of in each schema; the
// refusal is an ordinary field error (`validations.regex`: the format is not valid; `validations.max`).
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

/** Deeper than any body of the API (a GeoJSON multipolygon in a body is 6 levels); saved filters allow less. */
export const MAX_INPUT_DEPTH = 32;

export interface InputRefusal {
  path: (string | number)[];
  rule: 'regex' | 'max';
}

/** The first NUL (in a string or a key) or the first value nested too deep; null when the input is clean. */
export function refusalOf(input: unknown): InputRefusal | null {
  // Iterative: a recursive walk would itself overflow on the input it is meant to refuse.
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path, rule: 'regex' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path, rule: 'max' };
    if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return { path: [...path, key.replaceAll('\u0000', '\\0')], rule: 'regex' };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data) => {
    const refusal = refusalOf(data);
    if (refusal === null) return validate(data);
    // The refusal goes through the same compiler so the error handler reads it like any zod issue.
    const refuse = z
      .unknown()
      .refine(() => false, { path: refusal.path, message: `validations.${refusal.rule}` });
    return zodValidatorCompiler({ ...route, schema: refuse })(data);
  };
};
