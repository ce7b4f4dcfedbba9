// Plan tiers of spec §6 / 001 §4.
import { PLAN_TIER, type PlanTier } from '../constants/index.ts';

/**
 * The spec derives the tier from authCode and isPaying without the formula. Our reading: a client that does
 * not pay is UNPAID whatever its authCode; a paying client with authCode 2 or more is PRO, else BASE.
 */
export function planTier(
  authCode: number | null | undefined,
  isPaying: boolean | null | undefined,
): PlanTier {
  if (isPaying !== true) return PLAN_TIER.UNPAID;
  return authCode != null && authCode >= 2 ? PLAN_TIER.PAID_PRO : PLAN_TIER.PAID_BASE;
}

export const PLAN_TOOLTIP_KEYS = ['plan.requiresPaid', 'plan.requiresBase', 'plan.requiresPro'] as const;
export type PlanTooltipKey = (typeof PLAN_TOOLTIP_KEYS)[number];

/**
 * The tooltip of an item gated behind `requiredTier`, or null when nothing is missing. A user who pays nothing
 * is told 'requires paid subscription' (any paid plan is the first step); otherwise, or when the user's tier is
 * not given, the tooltip names the required tier ('requires base/pro subscription').
 */
export function planTierTooltipKey(requiredTier: PlanTier, userTier?: PlanTier): PlanTooltipKey | null {
  if (requiredTier === PLAN_TIER.UNPAID) return null;
  if (userTier !== undefined && userTier >= requiredTier) return null;
  if (userTier === PLAN_TIER.UNPAID) return 'plan.requiresPaid';
  return requiredTier === PLAN_TIER.PAID_PRO ? 'plan.requiresPro' : 'plan.requiresBase';
}
