// Which layer of the dataset an import fills, and what the new version therefore does not copy.
import type { ImportOptions } from '@pipewise/domain';
import type { AreaKind, PointAssetKind } from '../../db/schema-network.ts';
import type { Replaced } from '../network/versions.ts';

export type LayerKind =
  | { table: 'pipes' }
  | { table: 'valves' }
  | { table: 'point_assets'; kind: PointAssetKind }
  | { table: 'areas'; kind: AreaKind }
  | { table: 'population_regions' }
  | { table: 'breaks' }
  | { table: 'pressure_readings' };

const ASSET_TARGETS = {
  pipes: { table: 'pipes' },
  valves: { table: 'valves' },
  hydrants: { table: 'point_assets', kind: 'hydrant' },
  reservoirs: { table: 'point_assets', kind: 'reservoir' },
  purification_plants: { table: 'point_assets', kind: 'purification_plant' },
  drains: { table: 'point_assets', kind: 'drain' },
  critical_facilities: { table: 'point_assets', kind: 'critical_facility' },
  supply_areas: { table: 'areas', kind: 'supply_area' },
  districts: { table: 'areas', kind: 'district' },
  mesh: { table: 'areas', kind: 'mesh' },
  custom_zones: { table: 'areas', kind: 'custom_zone' },
  population: { table: 'population_regions' },
} as const satisfies Record<NonNullable<ImportOptions['asset_layer']>, LayerKind>;

export function layerOf(o: ImportOptions): LayerKind {
  if (o.type === 'breaks') return { table: 'breaks' };
  if (o.type === 'pressures') return { table: 'pressure_readings' };
  return ASSET_TARGETS[o.asset_layer ?? 'pipes'];
}

/** An EPANET model brings its whole network: the valves and the sources are replaced with the pipes. */
export function replacedBy(layer: LayerKind, isInp: boolean): Replaced[] {
  const own: Replaced = 'kind' in layer ? { table: layer.table, kind: layer.kind } : { table: layer.table };
  if (!isInp || layer.table !== 'pipes') return [own];
  return [own, { table: 'valves' }, { table: 'point_assets', kind: 'reservoir' }];
}
