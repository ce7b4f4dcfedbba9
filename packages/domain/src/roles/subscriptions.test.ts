import { describe, expect, it } from 'vitest';
import { hasAllSubscriptions, hasSubscription, isSubscriptionExempt } from './subscriptions.ts';

describe('hasSubscription', () => {
  const ctx = { subscriptions: ['LOF', 'COF'], clientId: 7 };

  it('checks the client subscriptions', () => {
    expect(hasSubscription(ctx, 'LOF')).toBe(true);
    expect(hasSubscription(ctx, 'BRE')).toBe(false);
    expect(hasSubscription({ subscriptions: [] }, 'VIS')).toBe(false);
  });

  it('lets exception clients bypass gating', () => {
    expect(hasSubscription({ ...ctx, exemptClientIds: [7] }, 'BRE')).toBe(true);
    expect(hasSubscription({ ...ctx, exemptClientIds: [8] }, 'BRE')).toBe(false);
    expect(hasSubscription({ ...ctx, subscriptionExempt: true }, 'JOB_PLANNER')).toBe(true);
  });

  it('does not exempt a missing client id', () => {
    expect(isSubscriptionExempt({ subscriptions: [], clientId: null, exemptClientIds: [0] })).toBe(false);
  });
});

describe('hasAllSubscriptions', () => {
  const ctx = { subscriptions: ['BRE', 'COF'] };

  it('needs every one (Total risk: BRE and COF)', () => {
    expect(hasAllSubscriptions(ctx, ['BRE', 'COF'])).toBe(true);
    expect(hasAllSubscriptions(ctx, ['BRE', 'LOF'])).toBe(false);
  });
  it('requires nothing for an empty list', () => {
    expect(hasAllSubscriptions({ subscriptions: [] }, [])).toBe(true);
  });
  it('is bypassed by exemption', () => {
    expect(hasAllSubscriptions({ subscriptions: [], subscriptionExempt: true }, ['VIS', 'VP'])).toBe(true);
  });
});
