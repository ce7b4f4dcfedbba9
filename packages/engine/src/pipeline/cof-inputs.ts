// COF inputs of a dataset (cof/model.ts): pipes with the preprocess diameter, road type, static pressure,
// nearness to water and base-year population; node population (each pipe's base-year people split half to
// each end node, so valve and hydraulic modes count every resident once); critical facilities at their
// nearest node within MAX_FACILITY_SNAP_M.
import type { CofPipe, CriticalFacility } from '../cof/model.ts';
import type { RoadType } from '../cof/scenario.ts';
import type { Topology } from '../network/topology.ts';
import type { DatasetNetwork } from './network.ts';
import { nearestNode } from './nearest-node.ts';
import { basePopulation } from './population.ts';
import type { DatasetInputs, DatasetPipe, PipePreprocess } from './types.ts';

/** A facility farther than this from every node is not on this network (another utility's, or misplaced). */
export const MAX_FACILITY_SNAP_M = 200;
/** Facility type when the source has none (priced with the scenario's defaultFacilityWeight). */
export const DEFAULT_FACILITY_TYPE = 'other';

const ROAD_TYPES: readonly string[] = ['arterial', 'collector', 'local'] satisfies RoadType[];
const NEAR_WATER_KEYS = ['nearWater', 'near_water', 'near_drain', 'nearDrain'];

export function cofPipeOf(pipe: DatasetPipe, pre: PipePreprocess): CofPipe {
  const road = pipe.roadType?.toLowerCase() ?? null;
  return {
    id: pipe.id,
    nativeId: pipe.nativeId,
    lengthM: pipe.lengthM,
    diameterMm: pre.diameterMm.value,
    roadType: road !== null && ROAD_TYPES.includes(road) ? (road as RoadType) : null,
    staticPressureKpa: numeric(pipe.attrs.static_pressure_kpa),
    nearWater: NEAR_WATER_KEYS.some((k) => truthy(pipe.attrs[k])),
    population: basePopulation(pipe.population),
  };
}

function numeric(value: unknown): number | null {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

function truthy(value: unknown): boolean {
  if (typeof value === 'string') return ['true', 'yes', 'y', '1'].includes(value.trim().toLowerCase());
  return value === true || value === 1;
}

export function nodePopulationOf(topology: Topology, pipes: readonly DatasetPipe[]): Record<string, number> {
  const population: Record<string, number> = {};
  for (const pipe of pipes) {
    const link = topology.linkIndex.get(pipe.id);
    const people = basePopulation(pipe.population);
    if (link === undefined || people === 0) continue;
    for (const node of [topology.linkFrom[link]!, topology.linkTo[link]!]) {
      const id = topology.nodeIds[node]!;
      population[id] = (population[id] ?? 0) + people / 2;
    }
  }
  return population;
}

export function facilitiesOf(
  inputs: DatasetInputs,
  network: DatasetNetwork,
): { facilities: CriticalFacility[]; ignored: number } {
  const facilities: CriticalFacility[] = [];
  let ignored = 0;
  for (const asset of inputs.pointAssets) {
    if (asset.kind !== 'critical_facility') continue;
    const hit = nearestNode(network.nodeXyM, network.projection.toMetres(...asset.position));
    if (hit === null || hit.distanceM > MAX_FACILITY_SNAP_M) {
      ignored++;
      continue;
    }
    const nodeId = network.topology.nodeIds[hit.node]!;
    facilities.push({ id: asset.id, type: asset.facilityType ?? DEFAULT_FACILITY_TYPE, nodeId });
  }
  return { facilities, ignored };
}
