// How a rule becomes a zod refinement, and how the web reads it back from an issue.
import type { z } from 'zod';
import { isRuleName, ruleMessageKey, type RuleName, type RuleParamsMap } from './rule-names.ts';
import { isEmptyValue } from './values.ts';

/** One rule bound to its parameters: a pure test plus what the message needs. */
export interface RuleCheck<R extends RuleName = RuleName> {
  readonly rule: R;
  readonly params: RuleParamsMap[R];
  readonly test: (value: unknown) => boolean;
}

/** A RuleCheck of any rule; the mapped form keeps `rule` and `params` correlated. */
export type AnyRuleCheck = { [R in RuleName]: RuleCheck<R> }[RuleName];

export function ruleCheck<R extends RuleName>(
  rule: R,
  params: RuleParamsMap[R],
  test: (value: unknown) => boolean,
): RuleCheck<R> {
  return { rule, params, test };
}

/** The zod issue fields a failed rule produces (message is the i18n key, params its interpolations). */
export function ruleIssueFields<R extends RuleName>(
  rule: R,
  params: RuleParamsMap[R],
): { code: 'custom'; message: `validations.${R}`; params: RuleParamsMap[R] } {
  return { code: 'custom', message: ruleMessageKey(rule), params };
}

/** The first failing rule for a value, or undefined; empty values only meet `required` (vee-validate semantics). */
export function firstFailingRule(value: unknown, checks: readonly AnyRuleCheck[]): AnyRuleCheck | undefined {
  if (isEmptyValue(value)) return checks.find((check) => check.rule === 'required');
  return checks.find((check) => !check.test(value));
}

/**
 * Adds rules to a field schema, keeping its input/output types for zodResolver.
 * Like the spec's forms, only the first failing rule is reported. A missing value fails the base schema
 * before any rule runs: give it `{ error: ruleMessageKey('required') }` so that issue reads as `required` too.
 */
export function withRules<S extends z.ZodType>(schema: S, ...checks: readonly AnyRuleCheck[]): S {
  return schema.superRefine((value, ctx) => {
    const failed = firstFailingRule(value, checks);
    if (failed) ctx.addIssue({ ...ruleIssueFields(failed.rule, failed.params), input: value });
  });
}

/** What the web needs to render a rule's message: `t(\`validations.${rule}\`, params)`. */
export type RuleIssue = { [R in RuleName]: { rule: R; params: RuleParamsMap[R] } }[RuleName];

interface IssueLike {
  readonly message: string;
  readonly params?: Record<string, unknown> | undefined;
}

/** Reads back a rule issue; undefined for issues that no rule produced (e.g. a base type mismatch). */
export function ruleIssue(issue: IssueLike): RuleIssue | undefined {
  const prefix = 'validations.';
  if (!issue.message.startsWith(prefix)) return undefined;
  const rule = issue.message.slice(prefix.length);
  if (!isRuleName(rule)) return undefined;
  // The params were written by ruleIssueFields for this very rule, so the correlation holds.
  return { rule, params: issue.params ?? {} } as RuleIssue;
}
