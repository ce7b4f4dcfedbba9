// The long-term renewal programme (issue 39; docs/api-programmes.md): a programme row per request with its inputs,
// state, progress and its year-by-year result (a few kB of JSON: scenarios × years), and one row per main a
// scenario renews (the year and the project), which the map reads one year at a time. Tenant tables: client_id for
// row-level security (migration 0027). Money in the programme's currency, lengths in m.
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { ProgrammeState, ProgrammeStrategyName } from '@pipewise/domain';
import { clientId, createdAt, datasetId } from './schema-network.ts';
import { users } from './schema.ts';

export const programmes = pgTable(
  'programmes',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    datasetId: datasetId(),
    /** The served analysis the programme ran on (set when it starts). */
    analysisId: integer('analysis_id'),
    name: text('name').notNull(),
    state: text('state').$type<ProgrammeState>().notNull().default('queued'),
    progress: real('progress').notNull().default(0),
    error: text('error'),
    startYear: smallint('start_year').notNull(),
    horizonYears: smallint('horizon_years').notNull(),
    strategy: text('strategy').$type<ProgrammeStrategyName>().notNull(),
    /** [{name, yearly_budget: number[]}] as asked, one budget per year. */
    scenarios: jsonb('scenarios').$type<{ name: string; yearly_budget: number[] }[]>().notNull(),
    currency: text('currency').notNull(),
    cofScenarioId: integer('cof_scenario_id'),
    cofScenarioName: text('cof_scenario_name').notNull(),
    /** The figures per scenario and year, hold_flat_budget, todays_breaks and the assumptions (when done). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    holdFlatBudget: doublePrecision('hold_flat_budget'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('programmes_dataset_idx').on(t.datasetId, t.id)],
);

/** The mains a scenario renews: the 0-based year and the project of that year (its number, 0-based). */
export const programmeRenewals = pgTable(
  'programme_renewals',
  {
    clientId: clientId(),
    programmeId: integer('programme_id')
      .notNull()
      .references(() => programmes.id, { onDelete: 'cascade' }),
    scenario: smallint('scenario').notNull(),
    pipeId: integer('pipe_id').notNull(),
    year: smallint('year').notNull(),
    project: integer('project').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.programmeId, t.scenario, t.pipeId] }),
    index('programme_renewals_year_idx').on(t.programmeId, t.scenario, t.year),
  ],
);

export type ProgrammeRow = typeof programmes.$inferSelect;
