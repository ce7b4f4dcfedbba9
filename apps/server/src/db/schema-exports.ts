// Export files (spec 001 §2 'Exports', §3 'Export item'): one row per generated file — a kind (what: lof…) in a
// format (csv, geojson, gpkg, shp) of a dataset, made by a user. The file itself lives under DATA_DIR/exports/
// <client>/<id>.<ext>; the row says whether it is ready and how large it is.
import type { ExportStatus } from '@pipewise/domain';
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { clientId, createdAt, datasets } from './schema-network.ts';
import { users } from './schema.ts';

export const exportFiles = pgTable(
  'export_files',
  {
    id: serial('id').primaryKey(),
    clientId: clientId(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    /** The COF scenario a cofBre file was built for; null for kinds without one (lof, vis). */
    scenarioId: integer('scenario_id'),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    format: text('format').notNull(),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    rows: integer('rows'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Path below DATA_DIR/exports; null until the file is written. */
    file: text('file'),
    message: text('message'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('export_files_client_idx').on(t.clientId, t.createdAt)],
);

export type ExportFileRow = typeof exportFiles.$inferSelect;
