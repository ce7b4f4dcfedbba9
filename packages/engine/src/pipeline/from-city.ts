// A dataset in the pipeline's plain-data contract from a generated town (tests and benchmarks): what the
// server would load from PostGIS after importing the town. Pipe population = each end node's residents
// shared among the pipes meeting there, projected by the growth of the population region holding the
// pipe's midpoint; areas (districts, mesh, supply areas) by midpoint in polygon.
import { writeInp } from '../epanet/write-inp.ts';
import { POPULATION_BASE_YEAR } from '../synth/areas.ts';
import type { SynthArea, SynthCity, SynthPipe, SynthValve } from '../synth/types.ts';
import { type Rings, midpointAlong, pointsInAreas } from './areas-of-city.ts';
import type { DatasetInputs, DatasetPipe, DatasetPointAsset, LonLat } from './types.ts';

export interface CityDatasetOptions {
  readonly datasetId?: string;
  /** Client country; default 'US' (the town's default centre is in California). */
  readonly country?: string;
  /** Drop the node ids and the EPANET model: a dataset as a GIS export gives it. */
  readonly gis?: boolean;
  /** Valves as bare points 2 m into their pipe, with no pipe link (placed by snapping). */
  readonly valvesByPosition?: boolean;
  /** Include the town's EPANET model; default true (never with `gis`). */
  readonly withInp?: boolean;
}

/**
 * The town's source columns a utility would choose as risk factors at import (lof-attributes.ts): physical
 * properties that breaks do not update, written by the server's demo seed too (seed-city-rows.ts), which records the
 * same choice on its dataset.
 */
export const DEMO_LOF_FEATURES = ['static_pressure_kpa', 'soil_corrosivity', 'pipe_class'] as const;

export function datasetInputsOfCity(city: SynthCity, options: CityDatasetOptions = {}): DatasetInputs {
  const gis = options.gis ?? false;
  const { seed, asOf } = city.metadata;
  const midpoints = city.pipes.map((p) => midpointAlong(p.geometry.coordinates));
  const populations = pipePopulations(city, midpoints);
  const drainNodes = new Set(city.drains.flatMap((d) => (d.nodeId === undefined ? [] : [d.nodeId])));
  const pipes: DatasetPipe[] = city.pipes.map((p, i) => ({
    id: p.id,
    nativeId: p.nativePipeId,
    parts: [p.geometry.coordinates],
    lengthM: p.lengthM,
    installYear: p.installYear,
    materialTypeCode: p.materialTypeCode,
    diameterMm: p.diameterMm,
    overrides: {},
    abandoned: false,
    address: p.address,
    roadType: p.roadType,
    pressureZone: p.pressureZone,
    fromNode: gis ? null : p.fromNode,
    toNode: gis ? null : p.toNode,
    population: populations[i]!.population,
    rateOfChange: populations[i]!.rateOfChange,
    attrs: {
      // Keys of DEMO_LOF_FEATURES below, kept in step.
      static_pressure_kpa: p.staticPressureKpa,
      soil_corrosivity: p.soilCorrosivity,
      pipe_class: p.pipeClass,
      near_water: drainNodes.has(p.fromNode) || drainNodes.has(p.toNode),
    },
  }));
  const pipeById = new Map(city.pipes.map((p) => [p.id, p]));
  // Area ids are per layer in the town; prefixed so one dataset's areas stay distinct.
  const areaList = [
    ...city.districts.map((a) => ['district', a] as const),
    ...city.mesh.map((a) => ['mesh', a] as const),
    ...city.supplyAreas.map((a) => ['supply', a] as const),
  ];
  const members = pointsInAreas(
    midpoints,
    areaList.map(([, a]) => ringsOf(a)),
  );
  return {
    datasetId: options.datasetId ?? `synth-${seed}`,
    country: options.country ?? 'US',
    seed,
    asOfMs: Date.UTC(asOf.year, asOf.month - 1, 1),
    lofFeatureColumns: DEMO_LOF_FEATURES,
    pipes,
    breaks: city.breaks.map((b) => ({ pipeId: b.pipeId, dateMs: isoDateMs(b.date) })),
    valves: city.valves.map((v) => ({
      id: v.id,
      nativeId: v.nativeValveId,
      pipeId: options.valvesByPosition ? null : v.pipeId,
      position: options.valvesByPosition ? intoPipe(v, pipeById.get(v.pipeId)!) : v.geometry.coordinates,
      normallyClosed: v.normallyClosed,
      operable: v.operable,
    })),
    pointAssets: pointAssetsOf(city),
    areas: areaList.map(([layer, a], k) => ({
      areaId: `${layer}:${a.id}`,
      pipeIds: members[k]!.map((i) => city.pipes[i]!.id),
    })),
    epanetInp: !gis && (options.withInp ?? true) ? writeInp(city.epanet) : null,
    cofScenario: null,
  };
}

/** A valve symbol as digitised: VALVE_INSET_M into its pipe from the node it closes off. */
const VALVE_INSET_M = 2;
function intoPipe(valve: SynthValve, pipe: SynthPipe): LonLat {
  const points = pipe.geometry.coordinates;
  const [a, b] = valve.nodeId === pipe.fromNode ? [points[0]!, points[1]!] : [points.at(-1)!, points.at(-2)!];
  const t = Math.min(0.25, VALVE_INSET_M / Math.max(pipe.lengthM, 1e-9));
  return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
}

function isoDateMs(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!);
}

function ringsOf(area: SynthArea): Rings[] {
  return area.geometry.type === 'Polygon' ? [area.geometry.coordinates] : area.geometry.coordinates;
}

function pointAssetsOf(city: SynthCity): DatasetPointAsset[] {
  return [
    ...city.reservoirs.map((r) => ({
      id: r.id,
      kind: 'reservoir' as const,
      facilityType: null,
      position: r.geometry.coordinates,
    })),
    ...city.purificationPlants.map((p) => ({
      id: p.id,
      kind: 'purification_plant' as const,
      facilityType: null,
      position: p.geometry.coordinates,
    })),
    ...city.criticalFacilities.map((f) => ({
      id: f.id,
      kind: 'critical_facility' as const,
      facilityType: f.type,
      position: f.geometry.coordinates,
    })),
  ];
}

interface PipePopulation {
  readonly population: Record<string, number> | null;
  readonly rateOfChange: Record<string, number> | null;
}

function pipePopulations(
  city: SynthCity,
  midpoints: readonly (readonly [number, number] | null)[],
): PipePopulation[] {
  const degree = new Map<string, number>();
  const bump = (id: string) => degree.set(id, (degree.get(id) ?? 0) + 1);
  for (const p of city.pipes) [p.fromNode, p.toNode].forEach(bump);
  const residents = new Map(city.nodes.map((n) => [n.id, n.population]));
  const share = (p: SynthPipe) =>
    [p.fromNode, p.toNode].reduce((s, n) => s + (residents.get(n) ?? 0) / degree.get(n)!, 0);
  const regionOf = pointsInAreas(
    midpoints,
    city.population.map((r) => [r.geometry.coordinates]),
  ).reduce((of, members, r) => {
    for (const i of members) of[i] ??= r;
    return of;
  }, new Array<number | undefined>(city.pipes.length));
  return city.pipes.map((p, i) => {
    const base = share(p);
    if (base === 0) return { population: null, rateOfChange: null };
    const region = regionOf[i] === undefined ? undefined : city.population[regionOf[i]];
    if (region === undefined) return { population: { [POPULATION_BASE_YEAR]: base }, rateOfChange: null };
    const start = region.population[String(POPULATION_BASE_YEAR)] ?? 0;
    const population = Object.fromEntries(
      Object.entries(region.population).map(([year, people]) => [
        year,
        start > 0 ? (base * people) / start : base,
      ]),
    );
    return { population, rateOfChange: { ...region.rateOfChange } };
  });
}
