// The long-term renewal programme's wire contract (issue 39; docs/api-programmes.md): POST /api/programmes queues a
// programme of two to five yearly-budget scenarios over 5–50 years, GET reads it back year by year once done.
import { z } from 'zod';

export const PROGRAMME_STRATEGIES = ['risk', 'oldest', 'breaks'] as const;
export type ProgrammeStrategyName = (typeof PROGRAMME_STRATEGIES)[number];
export const PROGRAMME_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ProgrammeState = (typeof PROGRAMME_STATES)[number];
export const PROGRAMME_LIMITS = {
  horizon: { min: 5, max: 50, default: 20 },
  scenarios: { min: 2, max: 5 },
  /** Start years a programme may begin in, around today's. */
  startYearsAhead: 10,
} as const;

const money = z.number().finite().nonnegative({ message: 'validations.min_value' });

export const programmeScenarioInputSchema = z.object({
  name: z.string().trim().min(1, { message: 'validations.required' }).max(80),
  /** A flat budget, or one per year of the horizon, in the COF scenario's currency. */
  yearly_budget: z.union([money, z.array(money).min(1)]),
  /** With a flat budget: it rises by this percentage each year (e.g. 3 for inflation). */
  rise_percent: z.number().finite().min(-50).max(50).optional(),
});
export type ProgrammeScenarioInput = z.infer<typeof programmeScenarioInputSchema>;

export const programmeInputSchema = z
  .object({
    dataset_id: z.number().int().positive(),
    name: z.string().trim().min(1).max(120).optional(),
    start_year: z.number().int().min(1900).max(2200),
    horizon_years: z
      .number()
      .int()
      .min(PROGRAMME_LIMITS.horizon.min, { message: 'validations.min_value' })
      .max(PROGRAMME_LIMITS.horizon.max, { message: 'validations.max_value' })
      .default(PROGRAMME_LIMITS.horizon.default),
    strategy: z.enum(PROGRAMME_STRATEGIES).default('risk'),
    scenarios: z
      .array(programmeScenarioInputSchema)
      .min(PROGRAMME_LIMITS.scenarios.min, { message: 'validations.min_value' })
      .max(PROGRAMME_LIMITS.scenarios.max, { message: 'validations.max_value' }),
  })
  .superRefine((v, ctx) => {
    v.scenarios.forEach((s, k) => {
      if (Array.isArray(s.yearly_budget) && s.yearly_budget.length !== v.horizon_years)
        ctx.addIssue({
          code: 'custom',
          path: ['scenarios', k, 'yearly_budget'],
          message: `one budget per year: ${v.horizon_years} numbers`,
        });
      if (Array.isArray(s.yearly_budget) && s.rise_percent !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['scenarios', k, 'rise_percent'],
          message: 'a rise applies to a flat budget only',
        });
    });
    const names = v.scenarios.map((s) => s.name.toLowerCase());
    names.forEach((n, k) => {
      if (names.indexOf(n) !== k)
        ctx.addIssue({
          code: 'custom',
          path: ['scenarios', k, 'name'],
          message: 'scenario names must differ',
        });
    });
  });
export type ProgrammeInput = z.input<typeof programmeInputSchema>;

/** The budgets of a scenario, one per year: flat, rising by a percentage, or as typed. */
export function yearlyBudgets(scenario: ProgrammeScenarioInput, horizonYears: number): number[] {
  if (Array.isArray(scenario.yearly_budget)) return [...scenario.yearly_budget];
  const first = scenario.yearly_budget;
  const rise = (scenario.rise_percent ?? 0) / 100;
  return Array.from({ length: horizonYears }, (_, t) => first * (1 + rise) ** t);
}

export const programmeYearSchema = z.object({
  year: z.number().int(),
  budget: z.number(),
  carried_in: z.number(),
  spend: z.number(),
  expected_breaks: z.number(),
  expected_breaks_low: z.number(),
  expected_breaks_high: z.number(),
  /** Total risk (BRE): Σ P(break in the year) × COF, in the currency. */
  bre: z.number(),
  length_renewed_m: z.number(),
  pipes_renewed: z.number().int(),
  projects: z.number().int(),
  mean_age: z.number().nullable(),
  p90_age: z.number().nullable(),
  share_past_rul: z.number().nullable(),
});
export type ProgrammeYearRow = z.infer<typeof programmeYearSchema>;

export const programmeScenarioSchema = z.object({
  name: z.string(),
  yearly_budget: z.array(z.number()),
  years: z.array(programmeYearSchema),
});

/** What the figures rest on, printed with them. */
export const programmeAssumptionsSchema = z.object({
  /** The served analysis' scoring year: ages count from it. */
  scored_as_of_year: z.number().int(),
  /** "utility" when the LOF was learnt from the utility's breaks, "prior" when it is the published prior. */
  lof_source: z.enum(['utility', 'prior']),
  ageing_exponents: z.record(z.string(), z.number()),
  pooled_ageing_exponent: z.number(),
  min_age_years: z.number(),
  replacement: z.object({
    small_material: z.number().int(),
    large_material: z.number().int(),
    large_from_mm: z.number(),
  }),
  new_pipe_rates: z.array(
    z.object({
      material: z.number().int(),
      rate_per_km: z.number(),
      source: z.enum(['utility', 'published']),
      young_km: z.number(),
    }),
  ),
  /** Breaks per calendar year before the scoring year (up to ten), and their over-dispersion φ (variance ÷ mean
   * around their trend; 1 = Poisson) that widens each year's interval. */
  breaks_per_year_on_record: z.array(z.number().int()),
  dispersion: z.number(),
  /** Mains never renewed for want of a cost (unknown diameter). */
  pipes_uncosted: z.number().int(),
  /** Mains an active project holds: left to it. */
  pipes_booked: z.number().int(),
  pipes: z.number().int(),
  /** Where the repair rates came from and their unit. */
  per_length_unit: z.enum(['m', 'ft']),
  min_length_m: z.number(),
  max_length_m: z.number(),
});

export const programmeSchema = z.object({
  id: z.number().int(),
  dataset_id: z.number().int(),
  name: z.string(),
  state: z.enum(PROGRAMME_STATES),
  /** 0–1 while running. */
  progress: z.number(),
  error: z.string().nullable(),
  start_year: z.number().int(),
  horizon_years: z.number().int(),
  strategy: z.enum(PROGRAMME_STRATEGIES),
  currency: z.string(),
  /** The COF scenario whose costs and consequences the programme used (null: the country default). */
  cof_scenario: z.object({ id: z.number().int().nullable(), name: z.string() }),
  analysis_id: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  scenarios: z.array(programmeScenarioSchema),
  /** About this much a year, flat, holds expected breaks at today's level over the horizon; null when none does. */
  hold_flat_budget: z.number().nullable(),
  /** Expected breaks this year with no renewal: the level hold_flat_budget holds. */
  todays_breaks: z.number().nullable(),
  assumptions: programmeAssumptionsSchema.nullable(),
});
export type Programme = z.infer<typeof programmeSchema>;

export const programmeListSchema = z.object({
  programmes: z.array(programmeSchema.omit({ scenarios: true, assumptions: true })),
});
export type ProgrammeList = z.infer<typeof programmeListSchema>;

/** GET /api/programmes/{id}/renewals?scenario=k&year=y: the mains a year renews, by project. */
export const programmeRenewalsSchema = z.object({
  scenario: z.number().int(),
  year: z.number().int(),
  pipes: z.array(z.object({ pipe_id: z.number().int(), project: z.number().int() })),
});
export type ProgrammeRenewals = z.infer<typeof programmeRenewalsSchema>;
