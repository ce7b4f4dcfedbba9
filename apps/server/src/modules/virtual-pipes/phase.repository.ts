// SQL of the virtual-pipe phase workflow. The phase is datasets.virtual_pipe_phase; the sampling test, the field
// verifications and an administrator's merge override (issue 38) live in datasets.metadata.virtualPipes (no
// migration: all are bounded, at most SAMPLING_TEST_MAX sampled ids, one entry per verified pipe attribute and one
// override, read and written whole under a row lock, and belong to the dataset version like its other metadata).
// Runs under withTenant.
import { and, eq, sql } from 'drizzle-orm';
import type { VirtualAttribute } from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import { datasets, pipes } from '../../db/schema-network.ts';
import { ATTRIBUTES, statusSql } from './virtual-pipes.repository.ts';

export interface Verification {
  value: number;
  imputed: number | null;
  status: number;
  verifiedAt: string;
  by: number;
  /** The value in use was confirmed rather than corrected (absent on values recorded before issue 38). */
  confirmed?: boolean;
}

/** An administrator's merge with unverified sampled pipes (issue 38): the audit of who, when, how many, why. */
export interface MergeOverride {
  by: number;
  email: string;
  at: string;
  unverified: number;
  sampleSize: number;
  reason: string;
}

export interface VirtualPipeState {
  sample?: { seed: number; size: number; drawnAt: string; pipeIds: number[]; strata: Record<string, number> };
  /** By pipe id, then attribute. */
  verified?: Record<string, Partial<Record<VirtualAttribute, Verification>>>;
  mergeOverride?: MergeOverride;
}

/** The phase and state, the dataset row locked until the transaction ends (one writer at a time). */
export async function lockState(tx: Db, datasetId: number) {
  const [row] = await tx
    .select({ phase: datasets.virtualPipePhase, metadata: datasets.metadata })
    .from(datasets)
    .where(eq(datasets.id, datasetId))
    .for('update');
  return { phase: row?.phase ?? 0, state: (row?.metadata['virtualPipes'] ?? {}) as VirtualPipeState };
}

export async function readState(tx: Db, datasetId: number) {
  const [row] = await tx
    .select({ phase: datasets.virtualPipePhase, metadata: datasets.metadata })
    .from(datasets)
    .where(eq(datasets.id, datasetId));
  return { phase: row?.phase ?? 0, state: (row?.metadata['virtualPipes'] ?? {}) as VirtualPipeState };
}

export async function saveState(tx: Db, datasetId: number, state: VirtualPipeState, phase?: number) {
  await tx
    .update(datasets)
    .set({
      metadata: sql`${datasets.metadata} || jsonb_build_object('virtualPipes', ${JSON.stringify(state)}::jsonb)`,
      ...(phase === undefined ? {} : { virtualPipePhase: phase }),
    })
    .where(eq(datasets.id, datasetId));
}

/** Pipes with an imputed attribute and the combination of imputed attributes, their stratum. */
export async function imputedPipes(tx: Db, datasetId: number) {
  const names = Object.keys(ATTRIBUTES) as VirtualAttribute[];
  const stratum = sql<string>`concat_ws('+', ${sql.join(
    names.map((a) => sql`CASE WHEN ${statusSql(a)} = 1 THEN ${a}::text END`),
    sql`, `,
  )})`;
  const rows = await tx
    .select({ id: pipes.id, stratum })
    .from(pipes)
    .where(and(eq(pipes.datasetId, datasetId), sql`${stratum} <> ''`));
  return rows.map((r) => ({ id: Number(r.id), stratum: r.stratum }));
}

/**
 * The merge: verified values (they win over an override: the crew saw the pipe) are written as overrides, then
 * every override becomes the provided value and is removed. The ids of the pipes changed.
 */
export async function mergeValues(
  tx: Db,
  datasetId: number,
  verified: readonly { id: number; overrides: Record<string, number> }[],
): Promise<number> {
  if (verified.length) {
    await tx.execute(sql`
      UPDATE pipes p SET overrides = p.overrides || v.o
      FROM jsonb_to_recordset(${JSON.stringify(verified.map((v) => ({ id: v.id, o: v.overrides })))}::jsonb)
        AS v(id bigint, o jsonb)
      WHERE p.id = v.id AND p.dataset_id = ${datasetId}`);
  }
  const { diameter, install_year: year, material_type_code: material } = ATTRIBUTES;
  const rows = await tx
    .update(pipes)
    .set({
      diameterMm: sql`COALESCE((${pipes.overrides}->>${diameter.key}::text)::real, ${pipes.diameterMm})`,
      installYear: sql`COALESCE((${pipes.overrides}->>${year.key}::text)::numeric::smallint, ${pipes.installYear})`,
      materialTypeCode: sql`COALESCE((${pipes.overrides}->>${material.key}::text)::numeric::smallint,
        ${pipes.materialTypeCode})`,
      overrides: sql`${pipes.overrides} - ${diameter.key}::text - ${year.key}::text - ${material.key}::text`,
    })
    .where(and(eq(pipes.datasetId, datasetId), sql`${pipes.overrides} <> '{}'::jsonb`))
    .returning({ id: pipes.id });
  return rows.length;
}

/**
 * What a merge would write now: per attribute, the pipes whose override or verified value becomes the provided one
 * (`verified` as in mergeValues), and the pipes changed.
 */
export async function mergePreview(
  tx: Db,
  datasetId: number,
  verified: readonly { id: number; overrides: Record<string, number> }[],
) {
  const { diameter, install_year: year, material_type_code: material } = ATTRIBUTES;
  const has = (key: string) =>
    sql`(p.overrides->>${key}::text IS NOT NULL OR v.o->>${key}::text IS NOT NULL)`;
  const r = await tx.execute(sql`
    SELECT count(*)::int AS pipes,
      count(*) FILTER (WHERE ${has(diameter.key)})::int AS diameter,
      count(*) FILTER (WHERE ${has(year.key)})::int AS install_year,
      count(*) FILTER (WHERE ${has(material.key)})::int AS material_type_code
    FROM pipes p
    LEFT JOIN jsonb_to_recordset(${JSON.stringify(verified.map((v) => ({ id: v.id, o: v.overrides })))}::jsonb)
      AS v(id bigint, o jsonb) ON v.id = p.id
    WHERE p.dataset_id = ${datasetId} AND (p.overrides <> '{}'::jsonb OR v.id IS NOT NULL)`);
  const row = r.rows[0] ?? {};
  return {
    pipes: Number(row['pipes'] ?? 0),
    diameter: Number(row['diameter'] ?? 0),
    install_year: Number(row['install_year'] ?? 0),
    material_type_code: Number(row['material_type_code'] ?? 0),
  };
}
