// Builders of wire (snake_case) dataset payloads for tests: each test states only what it is about.
import { DATASET_STATUS } from '@pipewise/domain';
import type { Dataset, DatasetStatusEntry, Snapshot, SnapshotGroup } from '@pipewise/domain';

export function wireDataset(over: Partial<Dataset> = {}): Dataset {
  const id = over.id ?? 1;
  return {
    id,
    original_dataset_id: id,
    name: `Dataset ${id}`,
    origin: 0,
    status: DATASET_STATUS.COMPLETE,
    refresh_status: 'NONE',
    active: true,
    center: [139.93, 37.495],
    zoom: 14,
    model_type: 'GIS',
    scenario: null,
    cof_scenario: { id: null, name: 'Default (USD)', currency: 'USD' },
    rul: false,
    imputed_pipeline_file_url: null,
    virtual_pipe_phase: 0,
    folder: `${id}-r1`,
    ra_complete: true,
    assets: {
      infrastructure: false,
      population: false,
      valves: true,
      mesh: false,
      district: false,
      custom_zone: false,
      reservoirs: false,
      purification_plants: false,
      hydrants: false,
      breaks: true,
      drains: false,
      supply_areas: false,
    },
    distribution_master: { diameter: 1, install_year: 1, material: 1 },
    snapshot_entity_id: 100 + id,
    version: 1,
    pipe_count: 10,
    total_length_m: 1000,
    synthetic: false,
    created_at: '2026-01-01T00:00:00Z',
    ...over,
  };
}

export function wireGroup(groupId: number, name: string, datasets: Dataset[]): SnapshotGroup {
  return {
    snapshot_entity_id: datasets[0]?.snapshot_entity_id ?? groupId,
    snapshot_group_entity_id: groupId,
    snapshot_group_name: name,
    datasets,
  };
}

export function wireSnapshot(group: SnapshotGroup, dataset = group.datasets[0] ?? wireDataset()): Snapshot {
  return {
    id: group.snapshot_entity_id,
    type: 'CURRENT',
    version: 1,
    snapshot_group_entity_id: group.snapshot_group_entity_id,
    snapshot_group_name: group.snapshot_group_name,
    created_at: '2026-01-01T00:00:00Z',
    dataset,
    datasets: group.datasets,
  };
}

export function wireStatus(dataset: Dataset, over: Partial<DatasetStatusEntry> = {}): DatasetStatusEntry {
  return {
    id: dataset.id,
    status: dataset.status,
    refresh_status: dataset.refresh_status,
    snapshot_entity_id: dataset.snapshot_entity_id,
    origin: dataset.origin,
    ...over,
  };
}
