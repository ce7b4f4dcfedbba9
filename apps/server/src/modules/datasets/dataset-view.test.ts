import { describe, expect, it } from 'vitest';
import type { DatasetRow } from '../../db/schema-network.ts';
import { assetsOf, toApiDataset, toSnapshotGroups, type DatasetRecord } from './dataset-view.ts';

const record = (id: number, groupId: number, over: Partial<DatasetRow> = {}): DatasetRecord => ({
  dataset: {
    id,
    clientId: 1,
    snapshotId: groupId * 10,
    originalDatasetId: null,
    name: `D${id}`,
    origin: 0,
    status: 2,
    refreshStatus: 'NONE',
    active: true,
    center: null,
    zoom: null,
    modelType: 'GIS',
    scenario: null,
    rul: false,
    imputedPipelineFileUrl: null,
    virtualPipePhase: 0,
    analysisId: null,
    tileRevision: 1,
    editsSinceAnalysis: 0,
    editSeq: 0,
    raComplete: false,
    layerCounts: {},
    distributionMaster: { diameter: 0, install_year: 0, material: 0 },
    totalLengthM: 0,
    synthetic: false,
    metadata: {},
    createdAt: new Date('2025-12-01T00:00:00Z'),
    updatedAt: new Date('2025-12-01T00:00:00Z'),
    ...over,
  },
  snapshot: {
    id: groupId * 10,
    groupId,
    clientId: 1,
    type: 'CURRENT',
    version: 3,
    importId: null,
    createdAt: new Date(),
  },
  group: {
    id: groupId,
    clientId: 1,
    name: `G${groupId}`,
    createdBy: null,
    createdAt: new Date(),
  },
});

describe('dataset view', () => {
  it('reads the assets flags from the layer counts kept by the writers', () => {
    const assets = assetsOf({ critical_facility: 2, reservoir: 1, hydrant: 0, breaks: 5, supply_area: 1 });
    expect(assets).toMatchObject({
      infrastructure: true,
      reservoirs: true,
      hydrants: false,
      breaks: true,
      supply_areas: true,
      custom_zone: false,
    });
  });

  it('maps an original to its own id, the tile folder to the revision and float4 zoom to 4 decimals', () => {
    const d = toApiDataset(
      record(7, 1, { tileRevision: 3, zoom: Math.fround(12.3), layerCounts: { pipes: 42 } }),
    );
    expect(d).toMatchObject({
      original_dataset_id: 7,
      folder: '7-r3',
      zoom: 12.3,
      pipe_count: 42,
      version: 3,
    });
    expect(toApiDataset(record(8, 1, { originalDatasetId: 7 })).original_dataset_id).toBe(7);
  });

  it('groups datasets by snapshot group in row order', () => {
    const groups = toSnapshotGroups([record(1, 2), record(3, 2, { originalDatasetId: 1 }), record(2, 1)]);
    expect(
      groups.map((g) => [g.snapshot_group_entity_id, g.snapshot_entity_id, g.datasets.map((d) => d.id)]),
    ).toEqual([
      [2, 20, [1, 3]],
      [1, 10, [2]],
    ]);
  });
});
