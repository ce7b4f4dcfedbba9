// The auto planner form (spec 001 §3/§5/§9; PLAN-AUTO-01…04, TBD-12): budget in the client's currency, min/max
// project length in the user's unit (defaults 500/1000 ft or 150/300 m), risk criterion LOF or BRE (BRE only with
// the BRE subscription), the whole network or the drawn area, and whether pipes already in active projects may be
// planned again (not by default, issue 36). Sent in metres.
import type { RiskCriterion, SegmentUnit } from '@pipewise/domain';
import { z } from 'zod';
import type { GeneratePlanInput } from '../api/generate-plan.ts';
import { decimalText, isDecimal, parseDecimal } from './numbers.ts';
import { checkCriterion, defaultCriterion, type CriteriaHeld } from './risk-criteria.ts';
import { autoPlannerLengthDefaults, roundedMetres } from './units.ts';

export interface AutoPlannerValues {
  name: string;
  budget: string;
  minLength: string;
  maxLength: string;
  riskCriteria: RiskCriterion;
  wholeSnapshot: boolean;
  includeBooked: boolean;
}

export interface AutoPlannerContext extends CriteriaHeld {
  /** The drawn area as WKT, or null when none is drawn. */
  area: string | null;
  /** The user's length unit: the length bounds are typed and defaulted in it. */
  unit: SegmentUnit;
}

const positive = z
  .string()
  .trim()
  .min(1, { message: 'validations.required' })
  .refine(isDecimal, { message: 'validations.numeric', abort: true })
  .refine((v) => parseDecimal(v) > 0, { message: 'planner:validation.positive' });

export function autoPlannerSchema(ctx: AutoPlannerContext) {
  return z
    .object({
      name: z.string().max(120, { message: 'validations.max' }),
      budget: positive,
      minLength: positive,
      maxLength: positive,
      riskCriteria: z.enum(['lof', 'bre']),
      wholeSnapshot: z.boolean(),
      includeBooked: z.boolean(),
    })
    .superRefine((v, issue) => {
      const min = parseDecimal(v.minLength);
      const max = parseDecimal(v.maxLength);
      if (Number.isFinite(min) && Number.isFinite(max) && max < min) {
        issue.addIssue({
          code: 'custom',
          path: ['maxLength'],
          message: 'validations.min_value',
          params: { min: v.minLength },
        });
      }
      checkCriterion(v.riskCriteria, ctx, issue);
      if (!v.wholeSnapshot && !ctx.area) {
        issue.addIssue({ code: 'custom', path: ['wholeSnapshot'], message: 'planner:validation.areaNeeded' });
      }
    });
}

/**
 * CHECKLIST PLAN-AUTO-03 (ambiguous) — reading: 500 and 1000 are defaults (001 §5), not limits: a planner sets the
 * bounds their contracts need, checked only as positive with max ≥ min.
 * PLAN-AUTO-02/04: 500/1000 ft or 150/300 m (AUTO_PLANNER_LENGTH_DEFAULTS says why), LOF (BRE if only that is
 * held); the drawn area when there is one; booked pipes left out.
 */
export function autoPlannerDefaults(ctx: AutoPlannerContext): AutoPlannerValues {
  const lengths = autoPlannerLengthDefaults(ctx.unit);
  return {
    name: '',
    budget: '',
    minLength: decimalText(lengths.min),
    maxLength: decimalText(lengths.max),
    riskCriteria: defaultCriterion(ctx),
    wholeSnapshot: ctx.area === null,
    includeBooked: false,
  };
}

export function toGenerateInput(
  values: AutoPlannerValues,
  datasetId: number,
  unit: SegmentUnit,
  area: string | null,
): GeneratePlanInput {
  const name = values.name.trim();
  return {
    datasetId,
    ...(name ? { name } : {}),
    budget: parseDecimal(values.budget),
    minLengthM: roundedMetres(parseDecimal(values.minLength), unit),
    maxLengthM: roundedMetres(parseDecimal(values.maxLength), unit),
    riskCriteria: values.riskCriteria,
    wholeSnapshot: values.wholeSnapshot,
    area: values.wholeSnapshot ? null : area,
    includeBooked: values.includeBooked,
  };
}
