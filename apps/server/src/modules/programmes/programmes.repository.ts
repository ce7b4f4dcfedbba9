// Programme rows and the mains their scenarios renew (db/schema-programmes.ts). Runs under withTenant.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { programmes, type ProgrammeRow } from '../../db/schema-programmes.ts';

export type NewProgramme = typeof programmes.$inferInsert;

export async function insert(tx: Db, row: NewProgramme): Promise<number> {
  const [r] = await tx.insert(programmes).values(row).returning({ id: programmes.id });
  return r!.id;
}

export async function find(tx: Db, id: number): Promise<ProgrammeRow | undefined> {
  const [row] = await tx.select().from(programmes).where(eq(programmes.id, id));
  return row;
}

export async function listOfDataset(tx: Db, datasetId: number): Promise<ProgrammeRow[]> {
  return tx.select().from(programmes).where(eq(programmes.datasetId, datasetId)).orderBy(desc(programmes.id));
}

export async function remove(tx: Db, id: number): Promise<boolean> {
  return (
    (await tx.delete(programmes).where(eq(programmes.id, id)).returning({ id: programmes.id })).length > 0
  );
}

export async function setState(
  tx: Db,
  id: number,
  values: Partial<
    Pick<ProgrammeRow, 'state' | 'progress' | 'error' | 'analysisId' | 'startedAt' | 'finishedAt'>
  >,
): Promise<void> {
  await tx.update(programmes).set(values).where(eq(programmes.id, id));
}

/** Progress only while running: a late message never moves a finished programme. */
export async function setProgress(tx: Db, id: number, progress: number): Promise<void> {
  await tx
    .update(programmes)
    .set({ progress })
    .where(and(eq(programmes.id, id), eq(programmes.state, 'running')));
}

const intArray = (values: ArrayLike<number>) => `{${Array.from(values).join(',')}}`;

/** Stores the result and replaces any renewals an earlier attempt stored, in one transaction (the caller's). */
export async function storeResult(
  tx: Db,
  p: { id: number; clientId: number; result: Record<string, unknown>; holdFlatBudget: number | null },
  renewals: { scenario: number; pipeIds: number[]; years: number[]; projects: number[] }[],
): Promise<void> {
  await tx.execute(sql`DELETE FROM programme_renewals WHERE programme_id = ${p.id}`);
  for (const r of renewals) {
    if (r.pipeIds.length === 0) continue;
    await tx.execute(sql`INSERT INTO programme_renewals (client_id, programme_id, scenario, pipe_id, year, project)
      SELECT ${p.clientId}, ${p.id}, ${r.scenario}, u.pipe_id, u.year, u.project
      FROM unnest(${intArray(r.pipeIds)}::int[], ${intArray(r.years)}::smallint[], ${intArray(r.projects)}::int[])
        AS u(pipe_id, year, project)`);
  }
  await tx
    .update(programmes)
    .set({
      state: 'done',
      progress: 1,
      error: null,
      result: p.result,
      holdFlatBudget: p.holdFlatBudget,
      finishedAt: new Date(),
    })
    .where(eq(programmes.id, p.id));
}

export async function renewalsOf(
  tx: Db,
  id: number,
  scenario: number,
  year: number,
): Promise<{ pipeId: number; project: number }[]> {
  const r = await tx.execute(sql`SELECT pipe_id, project FROM programme_renewals
    WHERE programme_id = ${id} AND scenario = ${scenario} AND year = ${year} ORDER BY project, pipe_id`);
  return r.rows.map((row) => ({ pipeId: Number(row['pipe_id']), project: Number(row['project']) }));
}
