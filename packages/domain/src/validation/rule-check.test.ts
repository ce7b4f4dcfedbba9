import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxValue, minValue, required } from './basic-rules.ts';
import { numeric } from './number-rules.ts';
import { zipCode } from './format-rules.ts';
import { firstFailingRule, ruleIssue, withRules } from './rule-check.ts';
import { ruleMessageKey } from './rule-names.ts';

describe('firstFailingRule', () => {
  const checks = [required(), numeric(), minValue(1800), maxValue(2026)];

  it('reports only the first failing rule', () => {
    expect(firstFailingRule('abc', checks)?.rule).toBe('numeric');
    expect(firstFailingRule('1700', checks)?.rule).toBe('min_value');
    expect(firstFailingRule('2030', checks)?.rule).toBe('max_value');
    expect(firstFailingRule('1999', checks)).toBeUndefined();
  });

  it('checks empty values against required only', () => {
    expect(firstFailingRule('', checks)?.rule).toBe('required');
    expect(firstFailingRule('', [numeric()])).toBeUndefined();
  });
});

describe('withRules', () => {
  const schema = z.object({ zip: withRules(z.string(), required(), zipCode('JP')) });

  it('keeps the field type and passes valid values', () => {
    const parsed: { zip: string } = schema.parse({ zip: '123-4567' });
    expect(parsed.zip).toBe('123-4567');
  });

  it('puts the i18n key and params on the issue', () => {
    const result = schema.safeParse({ zip: '12345' });
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue).toMatchObject({
      code: 'custom',
      message: 'validations.zip_code',
      params: { country: 'JP' },
      path: ['zip'],
    });
  });

  it('works on number schemas for server payloads', () => {
    const diameter = withRules(z.number(), minValue(0), maxValue(999));
    expect(diameter.safeParse(999).success).toBe(true);
    expect(diameter.safeParse(1000).error?.issues[0]?.message).toBe('validations.max_value');
  });
});

describe('ruleIssue', () => {
  it('reads rule and params back from an issue', () => {
    const error = withRules(z.string(), maxValue(10)).safeParse('11').error;
    const read = ruleIssue(error!.issues[0]!);
    expect(read).toEqual({ rule: 'max_value', params: { max: 10 } });
    if (read?.rule === 'max_value') expect(read.params.max).toBe(10);
  });

  it('ignores issues no rule produced', () => {
    const error = z.string().safeParse(3).error;
    expect(ruleIssue(error!.issues[0]!)).toBeUndefined();
    expect(ruleIssue({ message: 'validations.unknown_rule' })).toBeUndefined();
  });

  it('reads a base schema error given the required key as required', () => {
    const schema = z.object({ name: withRules(z.string({ error: ruleMessageKey('required') }), required()) });
    const issue = schema.safeParse({}).error?.issues[0];
    expect(issue?.path).toEqual(['name']);
    expect(ruleIssue(issue!)).toEqual({ rule: 'required', params: {} });
  });

  it('defaults params to an empty object', () => {
    expect(ruleIssue({ message: 'validations.required' })).toEqual({ rule: 'required', params: {} });
  });
});
