// 001 §6 / 000 §6: without the BRE subscription, business-risk values show a restricted marker. The
// server applies this before anything leaves it, so the numbers never reach a client that may not see them.
import type { BrePipe, BreResult } from './bre.ts';

export const BRE_RESTRICTED = 'restricted' as const;
export type Restricted = typeof BRE_RESTRICTED;

export interface RestrictedBrePipe {
  readonly pipeId: string;
  readonly total: BrePipe['total'] | Restricted;
  readonly level: BrePipe['level'] | Restricted;
}

export interface RestrictedBreResult {
  readonly horizonMonths: number;
  readonly levelBreaks: readonly number[] | Restricted;
  readonly pipes: readonly RestrictedBrePipe[];
}

export function restrictBre(result: BreResult, hasBreSubscription: boolean): RestrictedBreResult {
  if (hasBreSubscription) return result;
  return {
    horizonMonths: result.horizonMonths,
    levelBreaks: BRE_RESTRICTED,
    pipes: result.pipes.map((p) => ({ pipeId: p.pipeId, total: BRE_RESTRICTED, level: BRE_RESTRICTED })),
  };
}
