// SQL of import definitions and their runs. Every function runs in the caller's transaction: a tenant's (RLS) for
// the API and a run, the system context for the scheduler's claim (scheduler.ts).
import { and, desc, eq, inArray, isNull, notInArray, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  importDefinitions,
  importRuns,
  type ImportDefinitionRow,
  type ImportRunRow,
} from '../../db/schema-import-definitions.ts';
import { imports, snapshotGroups } from '../../db/schema-network.ts';
import { users } from '../../db/schema.ts';

export interface DefinitionWithNames {
  definition: ImportDefinitionRow;
  groupName: string;
  createdByName: string | null;
}

/** A run with what its import job made of it (status and message), while it was importing. */
export interface RunWithImport {
  run: ImportRunRow;
  importStatus: string | null;
  importMessage: string | null;
}

export async function insertDefinition(tx: Db, row: typeof importDefinitions.$inferInsert): Promise<number> {
  return (await tx.insert(importDefinitions).values(row).returning({ id: importDefinitions.id }))[0]!.id;
}

const definitionColumns = {
  definition: importDefinitions,
  groupName: snapshotGroups.name,
  createdByName: users.fullName,
};

export async function listDefinitions(tx: Db, id?: number): Promise<DefinitionWithNames[]> {
  return tx
    .select(definitionColumns)
    .from(importDefinitions)
    .innerJoin(snapshotGroups, eq(snapshotGroups.id, importDefinitions.snapshotGroupId))
    .leftJoin(users, eq(users.id, importDefinitions.createdBy))
    .where(id === undefined ? undefined : eq(importDefinitions.id, id))
    .orderBy(importDefinitions.name, importDefinitions.id);
}

export async function findDefinition(tx: Db, id: number): Promise<DefinitionWithNames | undefined> {
  return (await listDefinitions(tx, id))[0];
}

export async function updateDefinition(
  tx: Db,
  id: number,
  patch: Partial<typeof importDefinitions.$inferInsert>,
): Promise<void> {
  await tx
    .update(importDefinitions)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(importDefinitions.id, id));
}

export async function deleteDefinition(tx: Db, id: number): Promise<boolean> {
  const r = await tx
    .delete(importDefinitions)
    .where(eq(importDefinitions.id, id))
    .returning({ id: importDefinitions.id });
  return r.length > 0;
}

export async function insertRun(tx: Db, row: typeof importRuns.$inferInsert): Promise<ImportRunRow> {
  return (await tx.insert(importRuns).values(row).returning())[0]!;
}

export async function updateRun(
  tx: Db,
  id: number,
  patch: Partial<typeof importRuns.$inferInsert>,
): Promise<void> {
  await tx.update(importRuns).set(patch).where(eq(importRuns.id, id));
}

const runColumns = { run: importRuns, importStatus: imports.status, importMessage: imports.message };

export async function listRuns(tx: Db, definitionId: number, limit = 50): Promise<RunWithImport[]> {
  return tx
    .select(runColumns)
    .from(importRuns)
    .leftJoin(imports, eq(imports.id, importRuns.importId))
    .where(eq(importRuns.definitionId, definitionId))
    .orderBy(desc(importRuns.createdAt), desc(importRuns.id))
    .limit(limit);
}

export async function findRun(tx: Db, id: number): Promise<RunWithImport | undefined> {
  const rows = await tx
    .select(runColumns)
    .from(importRuns)
    .leftJoin(imports, eq(imports.id, importRuns.importId))
    .where(eq(importRuns.id, id));
  return rows[0];
}

/** The newest run of each definition (one row each: the runs table only grows). */
export async function lastRuns(tx: Db, definitionIds: number[]): Promise<Map<number, RunWithImport>> {
  if (definitionIds.length === 0) return new Map();
  const rows = await tx
    .selectDistinctOn([importRuns.definitionId], runColumns)
    .from(importRuns)
    .leftJoin(imports, eq(imports.id, importRuns.importId))
    .where(inArray(importRuns.definitionId, definitionIds))
    .orderBy(importRuns.definitionId, desc(importRuns.createdAt), desc(importRuns.id));
  return new Map(rows.map((r) => [r.run.definitionId, r]));
}

/** A run of this definition not yet settled: a new one waits for it (runs never overlap). */
/**
 * A run still under way: queued or running, or importing while its import job has not ended. An importing run whose
 * job ended reads as committed or failed at once (definitions-view.ts) though the scheduler's tick records it up to
 * 30 s later; "Run now" in that gap was refused as a run under way while the page said Committed.
 */
export async function hasActiveRun(tx: Db, definitionId: number): Promise<boolean> {
  const r = await tx
    .select({ id: importRuns.id })
    .from(importRuns)
    .leftJoin(imports, eq(imports.id, importRuns.importId))
    .where(
      and(
        eq(importRuns.definitionId, definitionId),
        or(
          inArray(importRuns.status, ['queued', 'running']),
          and(
            eq(importRuns.status, 'importing'),
            or(isNull(imports.status), notInArray(imports.status, ['succeeded', 'failed'])),
          ),
        ),
      ),
    )
    .limit(1);
  return r.length > 0;
}
