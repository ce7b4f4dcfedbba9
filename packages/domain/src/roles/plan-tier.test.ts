import { describe, expect, it } from 'vitest';
import { PLAN_TIER } from '../constants/index.ts';
import { planTier, planTierTooltipKey } from './plan-tier.ts';

const { UNPAID, PAID_BASE, PAID_PRO } = PLAN_TIER;

describe('planTier', () => {
  it('is UNPAID when not paying, whatever the authCode', () => {
    expect(planTier(3, false)).toBe(UNPAID);
    expect(planTier(1, null)).toBe(UNPAID);
    expect(planTier(undefined, undefined)).toBe(UNPAID);
  });
  it('is PRO for authCode 2 or more, else BASE', () => {
    expect(planTier(2, true)).toBe(PAID_PRO);
    expect(planTier(5, true)).toBe(PAID_PRO);
    expect(planTier(1, true)).toBe(PAID_BASE);
    expect(planTier(0, true)).toBe(PAID_BASE);
    expect(planTier(null, true)).toBe(PAID_BASE);
  });
});

describe('planTierTooltipKey', () => {
  it('names the required tier', () => {
    expect(planTierTooltipKey(PAID_BASE)).toBe('plan.requiresBase');
    expect(planTierTooltipKey(PAID_PRO)).toBe('plan.requiresPro');
    expect(planTierTooltipKey(PAID_PRO, PAID_BASE)).toBe('plan.requiresPro');
  });
  it('asks a non-paying user for any paid plan', () => {
    expect(planTierTooltipKey(PAID_BASE, UNPAID)).toBe('plan.requiresPaid');
    expect(planTierTooltipKey(PAID_PRO, UNPAID)).toBe('plan.requiresPaid');
  });
  it('shows nothing when the tier is met or nothing is required', () => {
    expect(planTierTooltipKey(PAID_BASE, PAID_PRO)).toBeNull();
    expect(planTierTooltipKey(PAID_PRO, PAID_PRO)).toBeNull();
    expect(planTierTooltipKey(UNPAID)).toBeNull();
  });
});
