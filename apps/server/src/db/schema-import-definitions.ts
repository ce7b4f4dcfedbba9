// Scheduled imports (issue 42; docs/api-scheduled-imports.md): a definition per network says where its file comes
// from, when, with which wizard options and within which limits a run commits by itself; each run is recorded with
// its outcome. Both tables carry client_id for row-level security (migration 0030).
import type {
  DefinitionOptions,
  ImportChange,
  ImportLimits,
  ImportRunStatus,
  ImportSource,
  ValidationReport,
} from '@pipewise/domain';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clientId, createdAt, imports, snapshotGroups } from './schema-network.ts';
import { users } from './schema.ts';

export const importDefinitions = pgTable(
  'import_definitions',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    name: text('name').notNull(),
    snapshotGroupId: integer('snapshot_group_id')
      .notNull()
      .references(() => snapshotGroups.id, { onDelete: 'cascade' }),
    source: jsonb('source').$type<ImportSource>().notNull(),
    /** Five-field cron in time_zone; null = runs on upload or by hand only. */
    schedule: text('schedule'),
    timeZone: text('time_zone').notNull(),
    options: jsonb('options').$type<DefinitionOptions>().notNull(),
    limits: jsonb('limits').$type<ImportLimits>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** When the scheduler next claims it (null without a schedule or while disabled). */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    /** Upload source: the last file a script sent (an uploads row, kept as long as housekeeping keeps uploads). */
    fileUploadId: text('file_upload_id'),
    fileName: text('file_name'),
    fileUploadedAt: timestamp('file_uploaded_at', { withTimezone: true }),
    /** The user whose rights a run uses (imports.user_id of its imports). */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('import_definitions_client_idx').on(t.clientId),
    index('import_definitions_due_idx').on(t.nextRunAt),
  ],
);

export const importRuns = pgTable(
  'import_runs',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    definitionId: integer('definition_id')
      .notNull()
      .references(() => importDefinitions.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<'schedule' | 'manual' | 'upload'>().notNull(),
    status: text('status').$type<ImportRunStatus>().notNull().default('queued'),
    reason: text('reason'),
    uploadId: text('upload_id'),
    fileName: text('file_name'),
    importId: integer('import_id').references(() => imports.id, { onDelete: 'set null' }),
    /** The effective wizard options of the run (its layer may differ from the definition's: see run.ts). */
    options: jsonb('options'),
    change: jsonb('change').$type<ImportChange>(),
    report: jsonb('report').$type<ValidationReport>(),
    /** The administrators were mailed about this run's hold or failure (once). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('import_runs_definition_idx').on(t.definitionId, t.createdAt),
    index('import_runs_status_idx').on(t.status),
  ],
);

export type ImportDefinitionRow = typeof importDefinitions.$inferSelect;
export type ImportRunRow = typeof importRuns.$inferSelect;
