// Rows of cof_scenarios and the state of their figures on the group's datasets. Runs inside the caller's tenant
// transaction: another client's scenarios and groups are invisible (row-level security).
import type { CofRunState } from '@pipewise/domain';
import type { CofScenario } from '@pipewise/engine';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rawJson as json, type RawRow as Row } from '../../db/raw-values.ts';
import { cofScenarios } from '../../db/schema-analysis.ts';
import { snapshotGroups } from '../../db/schema-network.ts';
import type { ScenarioRow } from './cof-scenario-view.ts';

type Stored = typeof cofScenarios.$inferSelect;

export function toRow(r: Stored): ScenarioRow {
  const scenario = json<CofScenario>(r.scenario)!;
  return {
    id: r.id,
    snapshotGroupId: r.snapshotGroupId,
    name: r.name,
    enabled: r.enabled,
    country: r.country,
    scenario: { ...scenario, id: r.id, name: r.name, enabled: r.enabled },
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export async function groupExists(tx: Db, groupId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: snapshotGroups.id })
    .from(snapshotGroups)
    .where(eq(snapshotGroups.id, groupId));
  return row !== undefined;
}

export async function listScenarios(tx: Db, groupId: number): Promise<ScenarioRow[]> {
  const rows = await tx
    .select()
    .from(cofScenarios)
    .where(eq(cofScenarios.snapshotGroupId, groupId))
    .orderBy(desc(cofScenarios.id));
  return rows.map(toRow);
}

export async function findScenario(tx: Db, id: number): Promise<ScenarioRow | undefined> {
  const [row] = await tx.select().from(cofScenarios).where(eq(cofScenarios.id, id));
  return row && row.snapshotGroupId !== null ? toRow(row) : undefined;
}

export async function insertScenario(
  tx: Db,
  v: {
    clientId: number;
    groupId: number;
    name: string;
    country: string;
    scenario: CofScenario;
    userId: number;
  },
): Promise<number> {
  const [row] = await tx
    .insert(cofScenarios)
    .values({
      clientId: v.clientId,
      snapshotGroupId: v.groupId,
      name: v.name,
      enabled: false,
      country: v.country,
      scenario: v.scenario as unknown as Record<string, unknown>,
      createdBy: v.userId,
    })
    .returning({ id: cofScenarios.id });
  return row!.id;
}

export async function updateScenario(
  tx: Db,
  id: number,
  v: { name?: string; scenario?: CofScenario },
): Promise<void> {
  await tx
    .update(cofScenarios)
    .set({
      ...(v.name !== undefined ? { name: v.name } : {}),
      ...(v.scenario !== undefined ? { scenario: v.scenario as unknown as Record<string, unknown> } : {}),
      updatedAt: new Date(),
    })
    .where(eq(cofScenarios.id, id));
}

/** Enables one scenario of the group and disables the others (others first: one enabled per group, unique). */
export async function setEnabled(tx: Db, groupId: number, id: number, enabled: boolean): Promise<void> {
  if (enabled) {
    await tx
      .update(cofScenarios)
      .set({ enabled: false, updatedAt: new Date() })
      .where(
        and(
          eq(cofScenarios.snapshotGroupId, groupId),
          ne(cofScenarios.id, id),
          eq(cofScenarios.enabled, true),
        ),
      );
  }
  await tx.update(cofScenarios).set({ enabled, updatedAt: new Date() }).where(eq(cofScenarios.id, id));
}

export async function deleteScenario(tx: Db, id: number): Promise<void> {
  await tx.delete(cofScenarios).where(eq(cofScenarios.id, id));
}

export async function countScenarios(tx: Db, groupId: number): Promise<number> {
  const r = await tx.execute(
    sql`SELECT count(*)::int AS n FROM cof_scenarios WHERE snapshot_group_id = ${groupId}`,
  );
  return Number((r.rows[0] as Row | undefined)?.['n'] ?? 0);
}

export async function clientCountry(tx: Db, clientId: number): Promise<string> {
  const r = await tx.execute(sql`SELECT country FROM clients WHERE id = ${clientId}`);
  return String((r.rows[0] as Row | undefined)?.['country'] ?? 'US');
}

/** Area ids among `ids` that are not areas of that kind visible to the caller (custom COF layer rules). */
export async function unknownAreas(tx: Db, kind: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const r = await tx.execute(
    sql`SELECT id FROM areas WHERE kind = ${kind} AND id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  const found = new Set((r.rows as Row[]).map((x) => Number(x['id'])));
  return ids.filter((i) => !found.has(i));
}

export interface GroupDataset {
  datasetId: number;
  /** The served analysis and the scenario it priced with (null: the country default). */
  servedAnalysisId: number | null;
  servedScenarioId: number | null;
  /** The newest unfinished run, if any. */
  activeAnalysisId: number | null;
  activeStage: string | null;
  activeProgress: number | null;
}

/** The group's datasets that have results or a run under way (a dataset never analysed has nothing to re-price). */
export async function groupDatasets(tx: Db, groupId: number): Promise<GroupDataset[]> {
  const r = await tx.execute(sql`
    SELECT d.id AS dataset_id, d.analysis_id, sa.cof_scenario_id, act.id AS active_id, act.stage, act.progress
    FROM datasets d
    JOIN snapshots s ON s.id = d.snapshot_id
    LEFT JOIN analyses sa ON sa.id = d.analysis_id
    LEFT JOIN LATERAL (
      SELECT a.id, a.stage, a.progress FROM analyses a
      WHERE a.dataset_id = d.id AND a.stage IN ('queued', 'preprocess', 'lof', 'cof', 'tiling')
      ORDER BY a.id DESC LIMIT 1) act ON true
    WHERE s.group_id = ${groupId} AND (d.analysis_id IS NOT NULL OR act.id IS NOT NULL)
    ORDER BY d.id`);
  return (r.rows as Row[]).map((x) => ({
    datasetId: Number(x['dataset_id']),
    servedAnalysisId: x['analysis_id'] == null ? null : Number(x['analysis_id']),
    servedScenarioId: x['cof_scenario_id'] == null ? null : Number(x['cof_scenario_id']),
    activeAnalysisId: x['active_id'] == null ? null : Number(x['active_id']),
    activeStage: (x['stage'] as string | null) ?? null,
    activeProgress: x['progress'] == null ? null : Number(x['progress']),
  }));
}

/**
 * Where a scenario's figures stand on each dataset: current when the served run priced with it, running when a
 * run is under way and this is the scenario it will price with (the enabled one), else stale.
 */
export function runStates(
  datasets: readonly GroupDataset[],
  scenarioId: number | null,
  enabled: boolean,
): CofRunState[] {
  return datasets.map((d) => {
    if (enabled && d.activeAnalysisId !== null)
      return {
        dataset_id: d.datasetId,
        state: 'running',
        analysis_id: d.activeAnalysisId,
        progress: d.activeProgress,
        stage: d.activeStage,
      };
    const current = d.servedAnalysisId !== null && d.servedScenarioId === scenarioId;
    return {
      dataset_id: d.datasetId,
      state: current ? 'current' : 'stale',
      analysis_id: d.servedAnalysisId,
      progress: null,
      stage: null,
    };
  });
}
