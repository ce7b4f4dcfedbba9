// Wire contract of the job planner (spec 001 §2–§9, CHECKLIST PLAN-*; docs/api-planner.md): planner scenarios,
// projects, auto-planner plans with their proposals, and the pipe finder. Lengths travel in metres and costs in the
// project's currency (SI on the wire, ARCHITECTURE.md); the web converts to the user's units at display only.
import { z } from 'zod';
import { PLAN_RESULT, PROJECT_STATES } from '../constants/codes.ts';
import { bookedPipeSchema } from './common.ts';
import { savedFilterCreateSchema } from './saved-filters.ts';
import { bigIdField, idField } from './ids.ts';

/** YYYY-MM-DD and a day of the calendar (2026-02-31 is refused here, with the field named, not by the database). */
const isoDate = z.iso.date({ message: 'validations.date_format' });
const name = z.string().trim().min(1, { message: 'validations.required' }).max(120);
/** A planner scenario, dataset, user… (serial ids); pipes key on bigserial (./ids.ts). */
const positiveId = idField;
/** WKT of a Polygon or MultiPolygon in EPSG:4326 (spec 001 §3 'projectArea (polygon text)'). */
const wktArea = z
  .string()
  .trim()
  .max(2_000_000)
  .regex(/^(MULTI)?POLYGON\s*\(/i, { message: 'validations.polygon' });

// ---- planner scenarios (PLAN-SCN-*) ----

export const plannerScenarioSchema = z.object({
  id: z.number().int(),
  /** The snapshot group (as saved filters: a scenario outlives a re-import of its network). */
  snapshot_id: z.number().int(),
  name,
  image_url: z.string().nullable(),
  start_date: isoDate,
  end_date: isoDate,
  /** Id of the scenario's saved filter set (spec 'savedFilters'), null until filters are saved into it. */
  saved_filters: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlannerScenario = z.infer<typeof plannerScenarioSchema>;

export const plannerScenarioListSchema = z.object({ job_planner_scenarios: z.array(plannerScenarioSchema) });
export type PlannerScenarioList = z.infer<typeof plannerScenarioListSchema>;

/** Omitted fields get the spec's defaults: 'Job N (date)', start today, end today + 7 days (PLAN-SCN-11, -13). */
export const plannerScenarioCreateSchema = z.object({
  snapshot_id: positiveId,
  name: name.optional(),
  image_url: z.string().max(2048).nullable().optional(),
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
});
export type PlannerScenarioCreate = z.infer<typeof plannerScenarioCreateSchema>;

/** PATCH sends the changed field only (PLAN-SCN-02); an empty name is refused (PLAN-SCN-07). */
export const plannerScenarioUpdateSchema = z
  .object({ name, image_url: z.string().max(2048).nullable(), start_date: isoDate, end_date: isoDate })
  .partial();
export type PlannerScenarioUpdate = z.infer<typeof plannerScenarioUpdateSchema>;

/** PUT …/planner-scenarios/{id}/filters: the map's filters saved into the scenario (its one saved filter set). */
export const plannerScenarioFiltersSchema = savedFilterCreateSchema
  .pick({ filters: true, lof_type: true })
  .extend({
    name: name.optional(),
  });
export type PlannerScenarioFilters = z.infer<typeof plannerScenarioFiltersSchema>;

// ---- projects (PLAN-PRJ-*) ----

export const projectStatusSchema = z
  .number()
  .int()
  .min(0)
  .max(PROJECT_STATES.length - 1);

/** Per-length repair cost by diameter tier d1–d6 (001 §3 standardRepairCost, §9 defaults and tier bands). */
export const standardRepairCostSchema = z.object({
  d1: z.number().nonnegative(),
  d2: z.number().nonnegative(),
  d3: z.number().nonnegative(),
  d4: z.number().nonnegative(),
  d5: z.number().nonnegative(),
  d6: z.number().nonnegative(),
});
export type StandardRepairCost = z.infer<typeof standardRepairCostSchema>;

/** What the d1–d6 values are in: the client's currency per metre or per foot (the country's COF default). */
export const repairCostUnitSchema = z.object({
  currency: z.enum(['USD', 'JPY', 'EUR']),
  per_length_unit: z.enum(['m', 'ft']),
});
export type RepairCostUnit = z.infer<typeof repairCostUnitSchema>;

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const optionalEmail = z.email({ message: 'validations.email' }).nullable().optional();

const projectFields = {
  name,
  description: z.string().max(4000).optional(),
  start_date: isoDate,
  end_date: isoDate,
  budget: z.number().nonnegative().nullable().optional(),
  status: projectStatusSchema.optional(),
  /** The drawn project area; with no pipe_ids the project takes the pipes inside it. */
  project_area: wktArea.nullable().optional(),
  /** A PNG or JPEG data URL of the map (≤ 3 MB of text). */
  image: z
    .string()
    .max(3_000_000)
    .regex(/^data:image\/(png|jpeg);base64,/, { message: 'validations.image' })
    .nullable()
    .optional(),
  manager_name: optionalText(200),
  manager_email: optionalEmail,
  inspector_name: optionalText(200),
  inspector_email: optionalEmail,
  manager_id: positiveId.nullable().optional(),
  inspector_id: positiveId.nullable().optional(),
  standard_repair_cost: standardRepairCostSchema.optional(),
};

/** POST /projects (PLAN-API-01): conveyanceAssetEntities are `pipe_ids`, datasetEntity is `dataset_id`. */
export const projectCreateSchema = z.object({
  dataset_id: positiveId,
  pipe_ids: z.array(bigIdField).max(100_000).optional(),
  /** Pipes to leave out of pipe_ids or of the area's: the booked ones a 409 PIPE_BOOKED named (issue 36). */
  leave_out_pipe_ids: z.array(bigIdField).max(100_000).optional(),
  ...projectFields,
});
export type ProjectCreate = z.infer<typeof projectCreateSchema>;

export const projectUpdateSchema = z
  .object({
    ...projectFields,
    pipe_ids: z.array(bigIdField).max(100_000),
    /** Why the status changes (the inspection's outcome, issue 36); kept in the project's history. */
    status_note: z.string().trim().max(2000),
  })
  .partial();
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

/** One pipe of a project (PLAN-PRJ-07). lof12 is a probability 0–1; total_risk_12 is BRE in currency. */
export const projectItemSchema = z.object({
  pipe_id: z.number().int(),
  native_pipe_id: z.string(),
  length_m: z.number(),
  diameter_mm: z.number().nullable(),
  lof12: z.number().nullable(),
  total_risk_12: z.number().nullable(),
  /** Standard repair cost of this pipe; null when its diameter (hence tier) is unknown. */
  cost: z.number().nullable(),
  /** Pipe finder with include_booked: the active project that already holds it (issue 36), else absent or null. */
  booked_by: z.object({ project_id: z.number().int(), project_name: z.string() }).nullable().optional(),
});
export type ProjectItem = z.infer<typeof projectItemSchema>;

export const projectSchema = z.object({
  id: z.number().int(),
  dataset_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  start_date: isoDate,
  end_date: isoDate,
  budget: z.number().nullable(),
  status: projectStatusSchema,
  project_area: z.string().nullable(),
  has_image: z.boolean(),
  manager_name: z.string().nullable(),
  manager_email: z.string().nullable(),
  inspector_name: z.string().nullable(),
  inspector_email: z.string().nullable(),
  manager_id: z.number().int().nullable(),
  inspector_id: z.number().int().nullable(),
  standard_repair_cost: standardRepairCostSchema,
  repair_cost_unit: repairCostUnitSchema,
  pipe_count: z.number().int(),
  total_length_m: z.number(),
  total_cost: z.number(),
  /** Pipes whose diameter is unknown, so total_cost leaves them out (the app says so, never guesses). */
  uncosted_pipes: z.number().int(),
  /** 100 × (1 − Π(1 − lof12)) over the pipes with a LOF (PLAN-PRJ-09); null when none has one. */
  project_lof: z.number().nullable(),
  total_risk_12: z.number().nullable(),
  proposal_id: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Project = z.infer<typeof projectSchema>;

/** One status change of a project, oldest first in `history` (issue 36). */
export const projectEventSchema = z.object({
  from_status: projectStatusSchema,
  to_status: projectStatusSchema,
  note: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  created_at: z.string(),
});
export type ProjectEvent = z.infer<typeof projectEventSchema>;

export const projectDetailSchema = projectSchema.extend({
  items: z.array(projectItemSchema),
  history: z.array(projectEventSchema),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const pageMetaSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total_results: z.number().int(),
  total_pages: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

export const projectListSchema = z.object({ projects: z.array(projectSchema), meta: pageMetaSchema });
export type ProjectList = z.infer<typeof projectListSchema>;

/**
 * GET /projects/people (issue 36): the client's active users a project's manager or inspector is chosen from, with
 * the inspector flag (inspectors first in the inspector field). Only what the picker needs: name and e-mail.
 */
export const plannerPersonSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  inspector: z.boolean(),
});
export type PlannerPerson = z.infer<typeof plannerPersonSchema>;
export const plannerPeopleSchema = z.object({ people: z.array(plannerPersonSchema) });

/** GET /projects/defaults: what a new project's form starts from (the client country's default COF repair costs). */
export const projectDefaultsSchema = z.object({
  standard_repair_cost: standardRepairCostSchema,
  repair_cost_unit: repairCostUnitSchema,
});
export type ProjectDefaults = z.infer<typeof projectDefaultsSchema>;

/** Project geometry for the map (PLAN-PRJ-08): id, name, area polygons (GeoJSON) and the pipes. */
export const projectGeometrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: projectStatusSchema,
  area: z.unknown().nullable(),
  pipe_ids: z.array(z.number().int()),
  /** [west, south, east, north] of its pipes (zoom to it, fit its PDF map), null without pipes. */
  pipes_bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
});
export const projectGeometryListSchema = z.object({ projects: z.array(projectGeometrySchema) });
export type ProjectGeometry = z.infer<typeof projectGeometrySchema>;

// ---- auto planner: plans and proposals (PLAN-AUTO-*, PLAN-PLAN-*) ----

export const RISK_CRITERIA = ['lof', 'bre'] as const;
export type RiskCriterion = (typeof RISK_CRITERIA)[number];

/** POST /plans/generate (spec 'plans/generate_plan'; the auto planner form, TBD-12). Lengths in metres. */
export const autoPlannerInputSchema = z
  .object({
    dataset_id: positiveId,
    name: name.optional(),
    budget: z.number().positive({ message: 'validations.min_value' }),
    min_length_m: z.number().positive(),
    max_length_m: z.number().positive(),
    risk_criteria: z.enum(RISK_CRITERIA),
    whole_snapshot: z.boolean(),
    /** Required when whole_snapshot is false: only pipes inside it are planned. */
    area: wktArea.nullable().optional(),
    standard_repair_cost: standardRepairCostSchema.optional(),
    /** Issue 36: pipes already in an active project are left out unless this is true (they are then marked). */
    include_booked: z.boolean().optional(),
  })
  .refine((v) => v.max_length_m >= v.min_length_m, {
    path: ['max_length_m'],
    message: 'validations.min_value',
  })
  .refine((v) => v.whole_snapshot || (v.area ?? '') !== '', {
    path: ['area'],
    message: 'validations.required',
  });
export type AutoPlannerInput = z.infer<typeof autoPlannerInputSchema>;

export const PLAN_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

const planResultCode = z.union([
  z.literal(PLAN_RESULT.SUCCESS),
  z.literal(PLAN_RESULT.LOW_BUDGET),
  z.literal(PLAN_RESULT.OUT_RANGED_PROJECT_SIZE),
]);

/** Why a plan came out as it did, with the numbers the screen needs to say what to change (TBD-15). */
export const planExplanationSchema = z.object({
  /** Cheapest project that meets the length bounds (LOW_BUDGET: the budget must reach it). */
  cheapest_project_cost: z.number().nullable(),
  /** Longest connected run of candidate pipes (OUT_RANGED_PROJECT_SIZE: min length must not exceed it). */
  longest_run_m: z.number().nullable(),
  /** Pipes with a risk figure that the planner could consider, and how many had no cost (unknown diameter). */
  pipes_considered: z.number().int(),
  pipes_uncosted: z.number().int(),
  candidates: z.number().int(),
  /** Pipes with a risk figure left out because an active project holds them (issue 36; absent on older plans). */
  pipes_booked: z.number().int().optional(),
  /**
   * The MILP stopped at its time limit (time_limit_s) before proving the plan best: optimality_gap is how far the
   * best possible may be above it (1 = no bound yet). Absent on older plans.
   */
  stopped_at_time_limit: z.boolean().optional(),
  time_limit_s: z.number().optional(),
});
export type PlanExplanation = z.infer<typeof planExplanationSchema>;

export const planSchema = z.object({
  id: z.number().int(),
  dataset_id: z.number().int(),
  name: z.string(),
  state: z.enum(PLAN_STATES),
  result: planResultCode.nullable(),
  error: z.string().nullable(),
  input: z.object({
    budget: z.number(),
    min_length_m: z.number(),
    max_length_m: z.number(),
    risk_criteria: z.enum(RISK_CRITERIA),
    whole_snapshot: z.boolean(),
    area: z.string().nullable(),
    include_booked: z.boolean(),
  }),
  standard_repair_cost: standardRepairCostSchema,
  repair_cost_unit: repairCostUnitSchema,
  explanation: planExplanationSchema.nullable(),
  proposal_count: z.number().int(),
  total_cost: z.number().nullable(),
  /** Σ of the criterion over the proposed pipes (lof: Σ lof12, expected failing pipes; bre: Σ BRE, currency). */
  risk_removed: z.number().nullable(),
  /** The same budget spent by the greedy baseline (best risk per cost first), for comparison. */
  greedy_risk_removed: z.number().nullable(),
  /** The MILP's relative optimality gap (0 = proven optimal over the candidates). */
  optimality_gap: z.number().nullable(),
  solve_ms: z.number().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z.object({ plans: z.array(planSchema), meta: pageMetaSchema });
export type PlanList = z.infer<typeof planListSchema>;

export const proposalSchema = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  /** 1 = the most risk removed per cost. */
  rank: z.number().int(),
  pipe_ids: z.array(z.number().int()),
  length_m: z.number(),
  cost: z.number(),
  risk: z.number(),
  project_lof: z.number().nullable(),
  /** GeoJSON MultiLineString of the proposal's pipes, for the map. */
  geometry: z.unknown().nullable(),
  /** The project made from it, once accepted. */
  project_id: z.number().int().nullable(),
  /**
   * Its pipes that another active project holds now (issue 36): booked after the plan was made, or planned with
   * include_booked. Such a proposal cannot be accepted as it is (409 PIPE_BOOKED).
   */
  booked: z.array(bookedPipeSchema),
});
export type Proposal = z.infer<typeof proposalSchema>;

export const proposalListSchema = z.object({ proposals: z.array(proposalSchema) });
export type ProposalList = z.infer<typeof proposalListSchema>;

/** POST /proposals/{id}/project (spec 'project_proposal'): the project fields; name and dates default. */
export const proposalAcceptSchema = z.object({ ...projectFields }).partial();
export type ProposalAccept = z.infer<typeof proposalAcceptSchema>;

// ---- pipe finder (PLAN-FIND-*) ----

export const COVERAGE_TYPES = ['length_percent', 'count_percent', 'length'] as const;
export type CoverageType = (typeof COVERAGE_TYPES)[number];

/** POST /datasets/{id}/high-risk-pipes (spec 'find-high-risk-pipes/{id}'). coverage_amount: % or metres. */
export const pipeFinderInputSchema = z
  .object({
    multipolygon: wktArea.nullable().optional(),
    whole_snapshot: z.boolean(),
    coverage_type: z.enum(COVERAGE_TYPES),
    coverage_amount: z.number().positive(),
    risk_criteria: z.enum(RISK_CRITERIA).default('lof'),
    /** Issue 36: pipes already in an active project are left out unless this is true (they are then marked). */
    include_booked: z.boolean().optional(),
  })
  .refine((v) => v.coverage_type === 'length' || v.coverage_amount <= 100, {
    path: ['coverage_amount'],
    message: 'validations.max_value',
  })
  .refine((v) => v.whole_snapshot || (v.multipolygon ?? '') !== '', {
    path: ['multipolygon'],
    message: 'validations.required',
  });
export type PipeFinderInput = z.infer<typeof pipeFinderInputSchema>;

export const pipeFinderResultSchema = z.object({
  pipes: z.array(projectItemSchema),
  total_length_m: z.number(),
  /** Of the searched area: how much there was to choose from. */
  area_pipe_count: z.number().int(),
  area_length_m: z.number(),
  /** Pipes with a risk figure left out because an active project holds them (0 with include_booked). */
  booked_left_out: z.number().int(),
});
export type PipeFinderResult = z.infer<typeof pipeFinderResultSchema>;

// ---- portfolio and plan comparison (issue 36) ----

/** What a set of projects or proposals costs and removes, in the client's currency (risk figures null if unknown). */
export const workFiguresSchema = z.object({
  project_count: z.number().int(),
  pipe_count: z.number().int(),
  length_m: z.number(),
  cost: z.number(),
  /** Σ lof12 over the pipes: breaks expected in the next 12 months that renewing them removes. */
  expected_breaks_removed: z.number().nullable(),
  /** Σ BRE (total risk, currency) over the pipes. */
  bre_removed: z.number().nullable(),
  /** Pipes of unknown diameter, so no cost (never guessed). */
  uncosted_pipes: z.number().int(),
});
export type WorkFigures = z.infer<typeof workFiguresSchema>;

/** GET /projects/portfolio: every project of the dataset against each year's renewal budget. */
export const portfolioSchema = z.object({
  currency: z.enum(['USD', 'JPY', 'EUR']),
  /** By the calendar year the project starts; every year with a project or a budget, ascending. */
  years: z.array(
    workFiguresSchema.extend({
      year: z.number().int(),
      budget: z.number().nullable(),
      /** budget − cost; negative = over budget; null without a budget. */
      remaining: z.number().nullable(),
    }),
  ),
  statuses: z.array(workFiguresSchema.extend({ status: projectStatusSchema })),
  total: workFiguresSchema,
  /** Projects priced in another currency (made before the client's currency changed): left out of the sums. */
  other_currency_projects: z.number().int(),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

/** PUT /projects/portfolio/budgets: a year's budget in the client's currency; null removes it. */
export const annualBudgetInputSchema = z.object({
  dataset_id: positiveId,
  year: z.number().int().min(1900).max(2200),
  amount: z.number().nonnegative().nullable(),
});
export type AnnualBudgetInput = z.infer<typeof annualBudgetInputSchema>;

/** GET /plans/compare?a=ID&b=ID|portfolio: two plans, or a plan and the active projects, side by side. */
export const planComparisonSchema = z.object({
  sides: z
    .array(workFiguresSchema.extend({ name: z.string(), plan_id: z.number().int().nullable() }))
    .length(2),
  pipes_in_common: z.number().int(),
  length_in_common_m: z.number(),
  currency: z.enum(['USD', 'JPY', 'EUR']),
});
export type PlanComparison = z.infer<typeof planComparisonSchema>;
