// Saved filters of the map (spec 000 §3 'Saved filter'; docs/api-filters.md): one user's named filter sets on one
// snapshot group. Tenant table: client_id for row-level security (migration 0006).
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { clientId, snapshotGroups } from './schema-network.ts';
import { jobPlannerScenarios } from './schema-planner.ts';
import { users } from './schema.ts';

export const savedFilters = pgTable(
  'saved_filters',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The snapshot group (not one version of it): a filter set stays valid when a new import replaces the
     * CURRENT version, as the pipes' native ids and the views do not change.
     */
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => snapshotGroups.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A job planner scenario (migration 0007): deleting the scenario deletes its filter sets. */
    jobPlannerScenarioId: integer('job_planner_scenario_id').references(
      (): AnyPgColumn => jobPlannerScenarios.id,
      {
        onDelete: 'cascade',
      },
    ),
    /** As sent: the current format or the older flat one, converted on read (normalizeSavedFilters). */
    filters: jsonb('filters').$type<unknown>().notNull(),
    lofType: text('lof_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_filters_user_snapshot_idx').on(t.userId, t.snapshotId, t.createdAt)],
);
