// Dataset rows → the wire objects of packages/domain/src/api/datasets.ts (docs/api-datasets.md).
import type { Dataset, DatasetAssets, RefreshStatus, SnapshotGroup } from '@pipewise/domain';
import type { DatasetRow, SnapshotGroupRow, SnapshotRow } from '../../db/schema-network.ts';

/** A dataset with the snapshot (version) and group it belongs to. */
export interface DatasetRecord {
  dataset: DatasetRow;
  snapshot: SnapshotRow;
  group: SnapshotGroupRow;
  /** The name of the group's enabled COF scenario (null: the country default): the next analysis uses it. */
  cofScenario?: string | null;
  /** The scenario the served analysis' COF stage used (issue 38); null without served COF results. */
  cofServed?: ServedCof | null;
  /**
   * Why the served analysis has no likelihood of failure (no break history linked…), null when it has one or
   * there is no served analysis (issue 15: say plainly what is not known).
   */
  lofUnavailable?: string | null;
  /** The served LOF's source: the utility's own model, a prior (no break history, issue 39), or none. */
  lofSource?: 'utility' | 'prior' | null;
}

/** Spec 000 §3 assets flags, read from the counts the writers keep (refreshSummary). */
export interface ServedCof {
  id: number | null;
  name: string;
  currency: string;
}

export function assetsOf(counts: Record<string, number>): DatasetAssets {
  const has = (key: string) => (counts[key] ?? 0) > 0;
  return {
    infrastructure: has('critical_facility'),
    population: has('population'),
    valves: has('valves'),
    mesh: has('mesh'),
    district: has('district'),
    custom_zone: has('custom_zone'),
    reservoirs: has('reservoir'),
    purification_plants: has('purification_plant'),
    hydrants: has('hydrant'),
    breaks: has('breaks'),
    drains: has('drain'),
    supply_areas: has('supply_area'),
  };
}

/** Tiles are addressed by dataset and revision: a new revision is a new folder (ARCHITECTURE.md). */
export const folderOf = (d: Pick<DatasetRow, 'id' | 'tileRevision'>) => `${d.id}-r${d.tileRevision}`;

// `zoom` is a float4 column: 12.3 reads back as 12.300000190734863. Four decimals are finer than any map step.
const roundZoom = (z: number | null) => (z === null ? null : Math.round(z * 1e4) / 1e4);

export function toApiDataset({
  dataset: d,
  snapshot,
  cofScenario,
  cofServed,
  lofUnavailable,
  lofSource,
}: Pick<
  DatasetRecord,
  'dataset' | 'snapshot' | 'cofScenario' | 'cofServed' | 'lofUnavailable' | 'lofSource'
>): Dataset {
  return {
    id: d.id,
    original_dataset_id: d.originalDatasetId ?? d.id,
    name: d.name,
    origin: d.origin,
    status: d.status,
    refresh_status: d.refreshStatus as RefreshStatus,
    active: d.active,
    center: d.center ?? null,
    zoom: roundZoom(d.zoom),
    model_type: d.modelType,
    // SHELL-SUB-07's scenario. Issue 38: the one whose results are on screen — the served analysis' — not the one
    // enabled since (its re-run may still be under way); before any COF results, the enabled one.
    scenario: cofServed ? (cofServed.id === null ? null : cofServed.name) : (cofScenario ?? d.scenario),
    cof_scenario: cofServed?.name ? cofServed : null,
    rul: d.rul,
    imputed_pipeline_file_url: d.imputedPipelineFileUrl,
    virtual_pipe_phase: d.virtualPipePhase,
    folder: folderOf(d),
    ra_complete: d.raComplete,
    assets: assetsOf(d.layerCounts),
    distribution_master: d.distributionMaster,
    snapshot_entity_id: snapshot.id,
    version: snapshot.version,
    pipe_count: Number(d.layerCounts['pipes'] ?? 0),
    total_length_m: d.totalLengthM,
    synthetic: d.synthetic,
    created_at: d.createdAt.toISOString(),
    lof_unavailable: lofUnavailable ?? null,
    lof_source: lofSource ?? null,
  };
}

/**
 * Groups the datasets of CURRENT snapshots by group, keeping the order of the rows (groups by name, the
 * original first within a group).
 */
export function toSnapshotGroups(records: readonly DatasetRecord[]): SnapshotGroup[] {
  const groups = new Map<number, SnapshotGroup>();
  for (const r of records) {
    let g = groups.get(r.group.id);
    if (!g) {
      g = {
        snapshot_entity_id: r.snapshot.id,
        snapshot_group_entity_id: r.group.id,
        snapshot_group_name: r.group.name,
        datasets: [],
      };
      groups.set(r.group.id, g);
    }
    g.datasets.push(toApiDataset(r));
  }
  return [...groups.values()];
}
