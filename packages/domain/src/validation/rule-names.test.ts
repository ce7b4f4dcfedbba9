import { describe, expect, it } from 'vitest';
import { RULE_NAMES, isRuleName, ruleMessageKey } from './rule-names.ts';

describe('RULE_NAMES', () => {
  it('lists the 29 rules of spec §5 in order', () => {
    expect(RULE_NAMES).toHaveLength(29);
    expect(RULE_NAMES[0]).toBe('required');
    expect(RULE_NAMES.slice(15, 19)).toEqual(['phone', 'password', 'password_confirmation', 'zip_code']);
    expect(RULE_NAMES.at(-1)).toBe('min_value_label');
    expect(new Set(RULE_NAMES).size).toBe(29);
  });

  it('builds messages under validations.{rule}', () => {
    expect(ruleMessageKey('zip_code')).toBe('validations.zip_code');
  });

  it('recognises rule names only', () => {
    expect(isRuleName('digits_between')).toBe(true);
    expect(isRuleName('nope')).toBe(false);
    expect(isRuleName(3)).toBe(false);
  });
});
