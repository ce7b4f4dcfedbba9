// Rules comparing two fields of one form (password_confirmation, after, overlap). zod runs them at object
// level; the issue lands on the second field so react-hook-form shows it there.
import type { z } from 'zod';
import { ruleIssueFields } from './rule-check.ts';
import { isAfter, rangesOverlap, type NumericRange } from './relation-rules.ts';
import { isEmptyValue } from './values.ts';

type Refinement<T> = (data: T, ctx: z.core.$RefinementCtx<T>) => void;

/** For `.superRefine(...)`: the confirmation field must equal the password field. */
export function passwordConfirmation<T extends Record<string, unknown>>(
  passwordField: keyof T & string,
  confirmationField: keyof T & string,
  passwordLabel: string = passwordField,
): Refinement<T> {
  return (data, ctx) => {
    if (data[passwordField] === data[confirmationField]) return;
    ctx.addIssue({
      ...ruleIssueFields('password_confirmation', { other: passwordLabel }),
      path: [confirmationField],
      input: data[confirmationField],
    });
  };
}

/** For `.superRefine(...)`: the end date must be after the start date (skipped while either is empty). */
export function afterField<T extends Record<string, unknown>>(
  startField: keyof T & string,
  endField: keyof T & string,
  startLabel: string = startField,
): Refinement<T> {
  return (data, ctx) => {
    if (isEmptyValue(data[startField]) || isEmptyValue(data[endField])) return;
    if (isAfter(data[endField], data[startField])) return;
    ctx.addIssue({
      ...ruleIssueFields('after', { other: startLabel }),
      path: [endField],
      input: data[endField],
    });
  };
}

/** For `.superRefine(...)`: two range fields must not overlap (ranges that only touch are fine). */
export function noOverlapFields<T extends Record<string, unknown>>(
  firstField: keyof T & string,
  secondField: keyof T & string,
  firstLabel: string = firstField,
): Refinement<T> {
  return (data, ctx) => {
    const first = data[firstField] as NumericRange | undefined;
    const second = data[secondField] as NumericRange | undefined;
    if (first == null || second == null || !rangesOverlap(first, second)) return;
    ctx.addIssue({
      ...ruleIssueFields('overlap', { other: firstLabel }),
      path: [secondField],
      input: second,
    });
  };
}
