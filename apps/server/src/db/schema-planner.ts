// The job planner (spec 001 §2–§9; docs/api-planner.md): planner scenarios per snapshot group, projects with their
// pipes, auto-planner plans and their proposals. Tenant tables: client_id for row-level security (migration 0007).
// Lengths in m, money in the project's or plan's currency (repair_cost_currency), areas in EPSG:4326.
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { PlanExplanation, PlanState, RiskCriterion, StandardRepairCost } from '@pipewise/domain';
import { geometry } from './geometry.ts';
import { savedFilters } from './schema-filters.ts';
import { clientId, createdAt, datasetId, pipes, snapshotGroups } from './schema-network.ts';
import { users } from './schema.ts';

/** PROJECT_STATES.indexOf('closed'): the one state whose pipes are free to book again. */
const CLOSED = 4;
/** The unique index that keeps a pipe to one active project; its violation is answered 409 PIPE_BOOKED. */
export const ACTIVE_PIPE_INDEX = 'project_pipes_active_pipe_idx';

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const createdBy = () => integer('created_by').references(() => users.id, { onDelete: 'set null' });
/** What the d1–d6 rates are in (the client country's COF default when the project or plan was made). */
const repairCostColumns = () => ({
  standardRepairCost: jsonb('standard_repair_cost').$type<StandardRepairCost>().notNull(),
  repairCostCurrency: text('repair_cost_currency').$type<'USD' | 'JPY' | 'EUR'>().notNull(),
  repairCostPerLength: text('repair_cost_per_length').$type<'m' | 'ft'>().notNull(),
});

/** Saved planner scenarios (001 §3 'Job planner scenario'): shared by the client's users, per snapshot group. */
export const jobPlannerScenarios = pgTable(
  'job_planner_scenarios',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => snapshotGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** The scenario's one saved filter set (spec 'savedFilters'); the set itself points back with ON DELETE CASCADE. */
    savedFilterId: integer('saved_filter_id').references((): AnyPgColumn => savedFilters.id, {
      onDelete: 'set null',
    }),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('job_planner_scenarios_snapshot_idx').on(t.snapshotId, t.createdAt)],
);

export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    datasetId: datasetId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    budget: doublePrecision('budget'),
    /** Index in PROJECT_STATES (0 = inProgress, PLAN-PRJ-02). */
    status: smallint('status').notNull().default(0),
    /**
     * Not closed (PROJECT_STATES[4]): its pipes are booked (issue 36). Computed by the database, and carried to
     * project_pipes.active by the cascading key below, so no code path can let the two disagree.
     */
    active: boolean('active')
      .notNull()
      .generatedAlwaysAs(sql.raw(`status <> ${CLOSED}`)),
    projectArea: geometry('project_area', 'MultiPolygon'),
    /** A PNG or JPEG data URL, served as bytes by GET …/image. */
    image: text('image'),
    managerName: text('manager_name'),
    managerEmail: text('manager_email'),
    inspectorName: text('inspector_name'),
    inspectorEmail: text('inspector_email'),
    managerId: integer('manager_id').references(() => users.id, { onDelete: 'set null' }),
    inspectorId: integer('inspector_id').references(() => users.id, { onDelete: 'set null' }),
    ...repairCostColumns(),
    /** The proposal it was made from; unique, so a proposal becomes one project at most. */
    proposalId: integer('proposal_id').references((): AnyPgColumn => proposals.id, { onDelete: 'set null' }),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_dataset_idx').on(t.datasetId, t.id),
    unique('projects_id_active_key').on(t.id, t.active),
    uniqueIndex('projects_proposal_idx')
      .on(t.proposalId)
      .where(sql`${t.proposalId} IS NOT NULL`),
  ],
);

/**
 * A project's pipes (spec 'conveyanceAssetEntities'). Issue 36: a pipe is in at most one active project. `active`
 * copies its project's (the key (project_id, active) cascades on update, so closing or reopening a project flips
 * its rows), and the partial unique index on pipe_id over active rows is the rule itself: a second booking, by any
 * path, is a unique violation (project_pipes_active_pipe_idx) that the service answers with 409 PIPE_BOOKED.
 */
export const projectPipes = pgTable(
  'project_pipes',
  {
    projectId: integer('project_id').notNull(),
    pipeId: bigint('pipe_id', { mode: 'number' })
      .notNull()
      .references(() => pipes.id, { onDelete: 'cascade' }),
    clientId: clientId(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.pipeId] }),
    index('project_pipes_pipe_idx').on(t.pipeId),
    foreignKey({
      name: 'project_pipes_project_active_fk',
      columns: [t.projectId, t.active],
      foreignColumns: [projects.id, projects.active],
    })
      .onUpdate('cascade')
      .onDelete('cascade'),
    uniqueIndex(ACTIVE_PIPE_INDEX)
      .on(t.pipeId)
      .where(sql`${t.active}`),
  ],
);

/**
 * A project's status changes, with the note the person who made it wrote (issue 36: the inspector records the
 * inspection's outcome and why). The name is kept as it was, so the history reads the same after a user leaves.
 */
export const projectEvents = pgTable(
  'project_events',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status').notNull(),
    toStatus: smallint('to_status').notNull(),
    note: text('note').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('project_events_project_idx').on(t.projectId, t.id)],
);

/**
 * The renewal budget of a calendar year (issue 36), per snapshot group like planner scenarios, so it outlives a
 * re-import of the network. In the client's currency when it was set.
 */
export const annualBudgets = pgTable(
  'annual_budgets',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => snapshotGroups.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    amount: doublePrecision('amount').notNull(),
    currency: text('currency').$type<'USD' | 'JPY' | 'EUR'>().notNull(),
    /** Who set it last. */
    createdBy: createdBy(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('annual_budgets_snapshot_year_idx').on(t.snapshotId, t.year)],
);

/** One run of the auto planner over a dataset (spec 'Plan'); state and result filled in by the 'plan' job. */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    datasetId: datasetId(),
    /** The served analysis whose LOF or BRE was planned on. */
    analysisId: integer('analysis_id'),
    name: text('name').notNull(),
    state: text('state').$type<PlanState>().notNull().default('queued'),
    /** PLAN_RESULT code (1 SUCCESS, 2 LOW_BUDGET, 3 OUT_RANGED_PROJECT_SIZE) once done. */
    result: smallint('result'),
    error: text('error'),
    budget: doublePrecision('budget').notNull(),
    minLengthM: doublePrecision('min_length_m').notNull(),
    maxLengthM: doublePrecision('max_length_m').notNull(),
    riskCriteria: text('risk_criteria').$type<RiskCriterion>().notNull(),
    wholeSnapshot: boolean('whole_snapshot').notNull(),
    /** Plan also over pipes already in active projects (issue 36); by default they are left out. */
    includeBooked: boolean('include_booked').notNull().default(false),
    area: geometry('area', 'MultiPolygon'),
    ...repairCostColumns(),
    explanation: jsonb('explanation').$type<PlanExplanation>(),
    proposalCount: integer('proposal_count').notNull().default(0),
    totalCost: doublePrecision('total_cost'),
    riskRemoved: doublePrecision('risk_removed'),
    greedyRiskRemoved: doublePrecision('greedy_risk_removed'),
    optimalityGap: doublePrecision('optimality_gap'),
    solveMs: doublePrecision('solve_ms'),
    createdBy: createdBy(),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('plans_dataset_idx').on(t.datasetId, t.id)],
);

/** The projects a plan proposes, best first (rank 1 removes the most risk per cost). */
export const proposals = pgTable(
  'proposals',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    pipeIds: bigint('pipe_ids', { mode: 'number' }).array().notNull(),
    lengthM: doublePrecision('length_m').notNull(),
    cost: doublePrecision('cost').notNull(),
    risk: doublePrecision('risk').notNull(),
    projectLof: doublePrecision('project_lof'),
  },
  (t) => [uniqueIndex('proposals_plan_rank_idx').on(t.planId, t.rank)],
);

export type ScenarioRow = typeof jobPlannerScenarios.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type ProposalRow = typeof proposals.$inferSelect;
