// COF details of every pipe (001 §3: direct, intenseRepair, standardRepair, indirect, noWater,
// trafficDisruption, criticalFacilities, propertyDamage, environment, custom, cofTotal, affectedPipes,
// affectedValves), in the scenario's currency, and their levels 1–5 (levels.ts).
//   direct   = standardRepair | intenseRepair (by road type) + propertyDamage     (cost code 8192)
//   indirect = noWater + trafficDisruption + criticalFacilities + environment       (cost code 16384)
//   custom   = Σ enabled custom COFs                                               (cost code 2048)
//   cofTotal = direct + indirect + custom. The spec's total code 24576 is direct | indirect; we add custom
//   too, since a custom COF a utility enables is meant to count.
import { hidesJapanItems, type JapanClientFields } from '@pipewise/domain';
import type { VisAnalysis } from '../vis/analysis.ts';
import type { CofLevel } from './constants.ts';
import { cofLevels } from './levels.ts';
import { type SegmentOutages, outageFinder } from './outage.ts';
import { type PipePrice, pipePricer } from './pipe-price.ts';
import { type CofScenario, type RoadType, calculationKindOf, scenarioType } from './scenario.ts';

export interface CofPipe {
  /** The map id (also the topology link id). */
  readonly id: string;
  readonly nativeId?: string;
  readonly lengthM: number;
  readonly diameterMm: number | null;
  readonly roadType?: RoadType | null;
  readonly staticPressureKpa?: number | null;
  /** Near a water body or storm drain: environmental damage × nearWaterFactor. */
  readonly nearWater?: boolean;
  /**
   * Customers along this pipe (its service connections): standard mode prices them alone; valve and hydraulic modes
   * count them with the closed segment, on top of nodePopulation (so a caller puts each person in one of the two).
   */
  readonly population?: number;
  /** Custom COF amounts by custom COF id (counted when that custom COF is enabled). */
  readonly custom?: Readonly<Record<string, number>>;
}

export interface CriticalFacility {
  readonly id: string;
  readonly type: string;
  readonly nodeId: string;
}

export interface AssetRef {
  readonly mapId: string;
  readonly nativeId: string;
}

export interface CofInputs {
  readonly scenario: CofScenario;
  readonly pipes: readonly CofPipe[];
  readonly vis: VisAnalysis;
  readonly nodePopulation: Readonly<Record<string, number>>;
  readonly facilities?: readonly CriticalFacility[];
  /** Native ids of valves by valve id (default: the id). */
  readonly valveNativeIds?: Readonly<Record<string, string>>;
  /** Hydraulic mode: junctions without water per segment (from analyzeClosures). */
  readonly hydraulic?: SegmentOutages;
  /** The client, for the JP rule of 000 §6 (environment row hidden except client 47). */
  readonly client?: JapanClientFields;
}

/** A pipe's money (pipe-price.ts) with its level and its outage's figures. */
export interface CofDetails extends PipePrice {
  readonly pipeId: string;
  readonly level: CofLevel;
  readonly customersWithoutWater: number;
  /** The broken pipe's valve isolation segment (null when the pipe is not on the network). */
  readonly segmentId: number | null;
  /** Of customersWithoutWater: the people of the closed segment itself (standard mode: all of them). */
  readonly segmentCustomers: number;
  /** Valve mode: segments left without a source; hydraulic mode: junctions left dry (0 otherwise). */
  readonly cutOffSegments: number;
  readonly dryJunctions: number;
  readonly facilitiesCutOff: readonly string[];
  readonly affectedPipes: readonly AssetRef[];
  readonly affectedValves: readonly AssetRef[];
}

export interface CofResult {
  readonly scenarioType: ReturnType<typeof scenarioType>;
  readonly currency: CofScenario['parameters']['currency'];
  /** 000 §6: the UI hides the environmental row for JP clients except client 47 (values still computed). */
  readonly hideEnvironment: boolean;
  readonly levelBreaks: readonly number[];
  readonly pipes: readonly CofDetails[];
}

export function computeCof(inputs: CofInputs): CofResult {
  const { scenario, pipes } = inputs;
  const p = scenario.parameters;
  const type = scenarioType(scenario.costMaster);
  const kind = calculationKindOf(type);
  const pipePopulation = new Map<string, number>();
  for (const pipe of pipes) if (pipe.population) pipePopulation.set(pipe.id, pipe.population);
  const outageOf = outageFinder({ ...inputs, pipePopulation }, kind);
  const facilitiesAt = new Map<string, CriticalFacility[]>();
  for (const f of inputs.facilities ?? [])
    facilitiesAt.set(f.nodeId, [...(facilitiesAt.get(f.nodeId) ?? []), f]);
  const nativeOf = new Map(pipes.map((pipe) => [pipe.id, pipe.nativeId ?? pipe.id]));
  const pipeRefs = refCache((id) => ({ mapId: id, nativeId: nativeOf.get(id) ?? id }));
  const valveRefs = refCache((id) => ({ mapId: id, nativeId: inputs.valveNativeIds?.[id] ?? id }));
  const price = pipePricer(scenario, kind);
  // The pipes of one segment share its outage's node list: the facilities it cuts off are found once per
  // segment, not once per pipe (a valveless network is one segment of every pipe: n² otherwise).
  const cutOffOf = memoByList((nodeIds) => {
    const cutOff = nodeIds.flatMap((n) => facilitiesAt.get(n) ?? []);
    const weight = cutOff.reduce((w, f) => w + (p.facilityWeights[f.type] ?? p.defaultFacilityWeight), 0);
    return { weight, ids: cutOff.map((f) => f.id) };
  });

  const rows = pipes.map((pipe) => {
    const outage = outageOf(pipe.id, pipe.population);
    const customers = outage?.customers ?? pipe.population ?? 0;
    const cutOff = cutOffOf(outage?.nodeIds ?? []);
    return {
      pipeId: pipe.id,
      ...price(pipe, { customers, facilityWeight: cutOff.weight }),
      customersWithoutWater: customers,
      segmentId: outage?.segmentId ?? null,
      segmentCustomers: outage?.segmentCustomers ?? customers,
      cutOffSegments: outage?.cutOffSegments ?? 0,
      dryJunctions: outage?.dryJunctions ?? 0,
      facilitiesCutOff: cutOff.ids,
      affectedPipes: pipeRefs(outage?.affectedPipes ?? [pipe.id]),
      affectedValves: valveRefs(outage?.valvesToClose ?? []),
    };
  });
  const { breaks, levels } = cofLevels(rows.map((r) => r.cofTotal));
  return {
    scenarioType: type,
    currency: p.currency,
    hideEnvironment: inputs.client !== undefined && hidesJapanItems(inputs.client),
    levelBreaks: breaks,
    pipes: rows.map((r, i) => ({ ...r, level: levels[i]! })),
  };
}

/** Pipes of one segment share their affected lists: map each list once (keyed by the array itself). */
function refCache(toRef: (id: string) => AssetRef): (ids: readonly string[]) => readonly AssetRef[] {
  return memoByList((ids) => ids.map(toRef));
}

/** fn of a list, computed once per list instance (the outage lists are shared by a segment's pipes). */
function memoByList<T>(fn: (ids: readonly string[]) => T): (ids: readonly string[]) => T {
  const cache = new WeakMap<readonly string[], T>();
  return (ids) => {
    if (cache.has(ids)) return cache.get(ids)!;
    const value = fn(ids);
    cache.set(ids, value);
    return value;
  };
}
