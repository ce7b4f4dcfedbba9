import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { afterField, noOverlapFields, passwordConfirmation } from './cross-field.ts';
import { ruleIssue } from './rule-check.ts';

describe('passwordConfirmation', () => {
  const schema = z
    .object({ password: z.string(), confirm: z.string() })
    .superRefine(passwordConfirmation('password', 'confirm', 'Password'));

  it('passes equal fields', () => {
    expect(schema.safeParse({ password: 'abcdefg1', confirm: 'abcdefg1' }).success).toBe(true);
  });
  it('puts the error on the confirmation field', () => {
    const issue = schema.safeParse({ password: 'abcdefg1', confirm: 'abcdefg2' }).error?.issues[0];
    expect(issue?.path).toEqual(['confirm']);
    expect(issue?.message).toBe('validations.password_confirmation');
    expect(ruleIssue(issue!)).toEqual({ rule: 'password_confirmation', params: { other: 'Password' } });
  });
});

describe('afterField', () => {
  const schema = z.object({ start: z.string(), end: z.string() }).superRefine(afterField('start', 'end'));

  it('needs the end after the start', () => {
    expect(schema.safeParse({ start: '2026-01-01', end: '2026-01-08' }).success).toBe(true);
    const issue = schema.safeParse({ start: '2026-01-08', end: '2026-01-01' }).error?.issues[0];
    expect(issue).toMatchObject({ path: ['end'], message: 'validations.after', params: { other: 'start' } });
  });
  it('waits until both are filled', () => {
    expect(schema.safeParse({ start: '', end: '2026-01-01' }).success).toBe(true);
  });
});

describe('noOverlapFields', () => {
  const range = z.object({ low: z.number(), high: z.number() });
  const schema = z.object({ a: range, b: range }).superRefine(noOverlapFields('a', 'b', 'Tier A'));

  it('flags the second range when they overlap', () => {
    expect(schema.safeParse({ a: { low: 0, high: 10 }, b: { low: 10, high: 20 } }).success).toBe(true);
    const issue = schema.safeParse({ a: { low: 0, high: 10 }, b: { low: 5, high: 20 } }).error?.issues[0];
    expect(issue).toMatchObject({ path: ['b'], message: 'validations.overlap', params: { other: 'Tier A' } });
  });
});
