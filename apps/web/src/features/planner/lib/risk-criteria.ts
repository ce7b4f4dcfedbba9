// Which risk criteria a client may plan on (docs/api-planner.md: LOF needs LOF, BRE needs COF and BRE), the one a
// form starts with (PLAN-AUTO-04: LOF, else BRE when only that is held) and the issue for one not held.
import { DEFAULT_RISK_CRITERION, type RiskCriterion } from '@pipewise/domain';
import type { z } from 'zod';

export interface CriteriaHeld {
  hasLof: boolean;
  hasBre: boolean;
}

export const defaultCriterion = (held: CriteriaHeld): RiskCriterion =>
  !held.hasLof && held.hasBre ? 'bre' : DEFAULT_RISK_CRITERION;

export function checkCriterion(criterion: RiskCriterion, held: CriteriaHeld, ctx: z.RefinementCtx): void {
  if (criterion === 'lof' && !held.hasLof) {
    ctx.addIssue({ code: 'custom', path: ['riskCriteria'], message: 'planner:validation.lofNeeded' });
  }
  if (criterion === 'bre' && !held.hasBre) {
    ctx.addIssue({ code: 'custom', path: ['riskCriteria'], message: 'planner:validation.breNeeded' });
  }
}
