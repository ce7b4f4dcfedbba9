// A react-hook-form resolver for zod 4 that keeps each issue's interpolation params.
// @hookform/resolvers' zodResolver keeps only `message` and `code`, so a rule like
// `validations.max` would lose its {{max}}; the params ride along on the field error instead.
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type RuleParams = Record<string, unknown>;
/** A field error whose message is an i18n key (`validations.<rule>`) plus its params. */
export type RuleFieldError = FieldError & { params?: RuleParams };

/** The numbers zod 4 puts on size issues, renamed to the names the locale files interpolate. */
export function issueParams(issue: z.core.$ZodIssue): RuleParams {
  const raw = issue as unknown as Record<string, unknown>;
  const params: RuleParams = { ...((raw.params as RuleParams | undefined) ?? {}) };
  if (raw.minimum !== undefined && params.min === undefined) params.min = Number(raw.minimum);
  if (raw.maximum !== undefined && params.max === undefined) params.max = Number(raw.maximum);
  return params;
}

export function ruleResolver<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const flat: Record<string, RuleFieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      // The first issue of a field is the one to show; later ones are usually consequences.
      if (flat[path]) continue;
      flat[path] = { type: issue.code, message: issue.message, params: issueParams(issue) };
    }
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) };
  };
}
