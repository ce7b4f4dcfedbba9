// Subscription gating of spec §6.
import type { Subscription } from '../constants/index.ts';

export interface SubscriptionContext {
  /** The client's subscriptions; unknown strings are tolerated and simply grant nothing. */
  readonly subscriptions: readonly (Subscription | string)[];
  readonly clientId?: number | null | undefined;
  /** The exception clients list: these clients bypass gating. */
  readonly exemptClientIds?: readonly number[] | undefined;
  /** Already-resolved exemption, for callers that know it without the list. */
  readonly subscriptionExempt?: boolean | undefined;
}

export function isSubscriptionExempt(ctx: SubscriptionContext): boolean {
  if (ctx.subscriptionExempt === true) return true;
  return ctx.clientId != null && (ctx.exemptClientIds ?? []).includes(ctx.clientId);
}

export function hasSubscription(ctx: SubscriptionContext, subscription: Subscription): boolean {
  return isSubscriptionExempt(ctx) || ctx.subscriptions.includes(subscription);
}

/** Every listed subscription is held; an empty list requires nothing. */
export function hasAllSubscriptions(
  ctx: SubscriptionContext,
  subscriptions: readonly Subscription[],
): boolean {
  return subscriptions.every((subscription) => hasSubscription(ctx, subscription));
}
