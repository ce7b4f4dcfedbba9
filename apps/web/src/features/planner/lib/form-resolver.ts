// A react-hook-form resolver for the planner's zod form schemas whose messages are rule keys
// ('validations.required', 'planner:validation.endAfterStart'): each field's first issue becomes its text, with the
// issue's params ({{min}}, {{max}}).
import { toNestErrors } from '@hookform/resolvers';
import type { TFunction } from 'i18next';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** 'validations.x' → 'validations:x' (the namespace of the rule texts); other keys are namespaced already. */
export const ruleKey = (message: string) => message.replace(/^validations\./, 'validations:');

/** Each field's first issue as text, keyed by its dotted path ('repairCosts.d1'). */
export function issuesToErrors(
  issues: readonly z.core.$ZodIssue[],
  t: TFunction,
): Record<string, { type: string; message: string }> {
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (errors[path]) continue;
    const raw = issue as unknown as {
      params?: Record<string, unknown>;
      minimum?: unknown;
      maximum?: unknown;
    };
    const params = { min: raw.minimum, max: raw.maximum, ...raw.params };
    errors[path] = { type: issue.code, message: t(ruleKey(issue.message), params) };
  }
  return errors;
}

export function plannerResolver<T extends FieldValues>(schema: z.ZodType<T>, t: TFunction): Resolver<T> {
  return (values, _context, options) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const flat = issuesToErrors(result.error.issues, t) as FieldErrors;
    return { values: {}, errors: toNestErrors(flat, options) as FieldErrors<T> };
  };
}
