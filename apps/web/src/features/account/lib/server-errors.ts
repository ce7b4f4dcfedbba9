// Puts the server's answer onto the form: `fields[]` of a 400 onto the matching inputs, and
// the account error codes that belong to one input (EMAIL_TAKEN, WRONG_PASSWORD, …) onto it.
// Whatever is left is for the caller to show above the form.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';

/** Which form field an error code belongs to, and the account.json key that explains it. */
export type CodeFieldMap<T extends FieldValues> = Partial<
  Record<string, { field: FieldPath<T>; key: string }>
>;

/**
 * Returns true when every problem of the error was placed on a field, so no banner is needed.
 * `translate` turns an account.json key into text (the code's message is English-only).
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly FieldPath<T>[],
  translate: (key: string) => string,
  codes: CodeFieldMap<T> = {},
  /** A better text for a field's rule than the generic rule message, e.g. an unknown organisation code. */
  override?: (field: string, rule: string) => string | undefined,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const byCode = error.code ? codes[error.code] : undefined;
  if (byCode) {
    setError(byCode.field, { type: 'server', message: translate(byCode.key) }, { shouldFocus: true });
    return true;
  }
  const fields = error.fields ?? [];
  let placed = 0;
  for (const f of fields) {
    const field = formFields.find((name) => name === f.field);
    if (!field) continue;
    // The message is a `validations.<rule>` key; useFieldErrorText translates it on render.
    const message = override?.(f.field, f.rule) ?? f.message;
    setError(field, { type: f.rule, message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  return fields.length > 0 && placed === fields.length;
}
