// The pipe finder form (spec 001 §3, PLAN-FIND-01): coverage as a share of the length or of the pipe count (%), or
// a length in the user's unit; the risk criterion; the whole network or the drawn area (multipolygon).
import type { CoverageType, RiskCriterion, SegmentUnit } from '@pipewise/domain';
import { z } from 'zod';
import type { FindPipesInput } from '../api/find-high-risk-pipes.ts';
import { isDecimal, parseDecimal } from './numbers.ts';
import { checkCriterion, defaultCriterion, type CriteriaHeld } from './risk-criteria.ts';
import { roundedMetres } from './units.ts';

export interface PipeFinderValues {
  coverageType: CoverageType;
  amount: string;
  riskCriteria: RiskCriterion;
  wholeSnapshot: boolean;
  /** Also pipes already in active projects (marked in the answer); left out by default (issue 36). */
  includeBooked: boolean;
}

export function pipeFinderSchema(ctx: CriteriaHeld & { area: string | null }) {
  return z
    .object({
      coverageType: z.enum(['length_percent', 'count_percent', 'length']),
      amount: z
        .string()
        .trim()
        .min(1, { message: 'validations.required' })
        .refine(isDecimal, { message: 'validations.numeric', abort: true })
        .refine((v) => parseDecimal(v) > 0, { message: 'planner:validation.positive' }),
      riskCriteria: z.enum(['lof', 'bre']),
      wholeSnapshot: z.boolean(),
      includeBooked: z.boolean(),
    })
    .superRefine((v, issue) => {
      if (v.coverageType !== 'length' && parseDecimal(v.amount) > 100) {
        issue.addIssue({
          code: 'custom',
          path: ['amount'],
          message: 'validations.max_value',
          params: { max: 100 },
        });
      }
      checkCriterion(v.riskCriteria, ctx, issue);
      if (!v.wholeSnapshot && !ctx.area) {
        issue.addIssue({ code: 'custom', path: ['wholeSnapshot'], message: 'planner:validation.areaNeeded' });
      }
    });
}

export function pipeFinderDefaults(area: string | null, held: CriteriaHeld): PipeFinderValues {
  return {
    coverageType: 'length_percent',
    amount: '10',
    riskCriteria: defaultCriterion(held),
    wholeSnapshot: area === null,
    includeBooked: false,
  };
}

export function toFindInput(
  values: PipeFinderValues,
  unit: SegmentUnit,
  area: string | null,
): FindPipesInput {
  const amount = parseDecimal(values.amount);
  return {
    coverageType: values.coverageType,
    // A length is typed in the user's unit and sent in metres; percentages go as they are.
    coverageAmount: values.coverageType === 'length' ? roundedMetres(amount, unit) : amount,
    riskCriteria: values.riskCriteria,
    wholeSnapshot: values.wholeSnapshot,
    multipolygon: values.wholeSnapshot ? null : area,
    includeBooked: values.includeBooked,
  };
}
