// COF inputs of a dataset (cof/model.ts): pipes with the preprocess diameter, road type, static pressure,
// nearness to water and base-year population (the people along the pipe: every mode counts them with the pipe, none
// at nodes, so each resident counts once); critical facilities at their nearest node within MAX_FACILITY_SNAP_M.
import type { CofPipe, CriticalFacility } from '../cof/model.ts';
import type { RoadType } from '../cof/scenario.ts';
import type { DatasetNetwork } from './network.ts';
import { nodeIndex } from './nearest-node.ts';
import { baseYear, basePopulation } from './population.ts';
import type { CofPipeFigures, DatasetInputs, DatasetPipe, PipeLofResult, PipePreprocess } from './types.ts';

/** A facility farther than this from every node is not on this network (another utility's, or misplaced). */
export const MAX_FACILITY_SNAP_M = 200;
/** Facility type when the source has none (priced with the scenario's defaultFacilityWeight). */
export const DEFAULT_FACILITY_TYPE = 'other';

const ROAD_TYPES: readonly string[] = ['arterial', 'collector', 'local'] satisfies RoadType[];
const NEAR_WATER_KEYS = ['nearWater', 'near_water', 'near_drain', 'nearDrain'];
const STATIC_PRESSURE_KEY = 'static_pressure_kpa';
/** The source columns (DatasetPipe.attrs) the consequence reads; the rest are the LOF model's. */
export const COF_ATTRIBUTE_KEYS: readonly string[] = [STATIC_PRESSURE_KEY, ...NEAR_WATER_KEYS];

/**
 * The dataset as the COF stage reads it: no break records, each pipe's source columns cut to COF_ATTRIBUTE_KEYS and
 * its population to the base year, no rates of change. What a stage is given is copied into its thread: on a 100k-pipe
 * network the full inputs cost seconds to copy and collect there, for values the consequence never reads.
 */
export function cofStageInputs(inputs: DatasetInputs): DatasetInputs {
  return {
    ...inputs,
    breaks: [],
    pipes: inputs.pipes.map((p) => {
      const year = baseYear(p.population);
      const attrs: Record<string, unknown> = {};
      for (const key of COF_ATTRIBUTE_KEYS) if (key in p.attrs) attrs[key] = p.attrs[key];
      return {
        ...p,
        attrs,
        population: year === null ? null : { [year]: p.population![year]! },
        rateOfChange: null,
      };
    }),
  };
}

/** Each pipe's preprocess values with its 12-month LOF (unscored when the LOF stage has no result for it). */
export function cofFigures(pre: readonly PipePreprocess[], lof: readonly PipeLofResult[]): CofPipeFigures[] {
  const lofById = new Map(lof.map((l) => [l.pipeId, l]));
  return pre.map((p) => {
    const l = lofById.get(p.pipeId);
    return {
      pipeId: p.pipeId,
      installYear: p.installYear.value,
      materialTypeCode: p.materialTypeCode.value,
      diameterMm: p.diameterMm.value,
      lof12: l?.lof?.['12'] ?? null,
      lofAbsolute12: l?.lofAbsolute?.['12'] ?? null,
      riskDrivers: l?.riskDrivers ?? [],
    };
  });
}

export function cofPipeOf(pipe: DatasetPipe, figures: CofPipeFigures): CofPipe {
  const road = pipe.roadType?.toLowerCase() ?? null;
  return {
    id: pipe.id,
    nativeId: pipe.nativeId,
    lengthM: pipe.lengthM,
    diameterMm: figures.diameterMm,
    roadType: road !== null && ROAD_TYPES.includes(road) ? (road as RoadType) : null,
    staticPressureKpa: numeric(pipe.attrs[STATIC_PRESSURE_KEY]),
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

export function facilitiesOf(
  inputs: DatasetInputs,
  network: DatasetNetwork,
): { facilities: CriticalFacility[]; ignored: number } {
  const facilities: CriticalFacility[] = [];
  let ignored = 0;
  const assets = inputs.pointAssets.filter((a) => a.kind === 'critical_facility');
  const index = assets.length > 0 ? nodeIndex(network.nodeXyM) : null;
  for (const asset of assets) {
    const hit = index!.nearest(network.projection.toMetres(...asset.position));
    if (hit === null || hit.distanceM > MAX_FACILITY_SNAP_M) {
      ignored++;
      continue;
    }
    const nodeId = network.topology.nodeIds[hit.node]!;
    facilities.push({ id: asset.id, type: asset.facilityType ?? DEFAULT_FACILITY_TYPE, nodeId });
  }
  return { facilities, ignored };
}
