// COF details of every pipe (001 §3: direct, intenseRepair, standardRepair, indirect, noWater,
// trafficDisruption, criticalFacilities, propertyDamage, environment, custom, cofTotal, affectedPipes,
// affectedValves), in the scenario's currency, and their levels 1–5 (levels.ts).
//   direct   = standardRepair | intenseRepair (by road type) + propertyDamage     (cost code 8192)
//   indirect = noWater + trafficDisruption + criticalFacilities + environment       (cost code 16384)
//   custom   = Σ enabled custom COFs                                               (cost code 2048)
//   cofTotal = direct + indirect + custom. The spec's total code 24576 is direct | indirect; we add custom
//   too, since a custom COF a utility enables is meant to count.
import { M_PER_FOOT, hidesJapanItems, type JapanClientFields } from '@pipewise/domain';
import type { VisAnalysis } from '../vis/analysis.ts';
import { type CofLevel, type DiameterTier, diameterTier } from './constants.ts';
import { cofLevels } from './levels.ts';
import { type SegmentOutages, outageFinder } from './outage.ts';
import {
  type CofScenario,
  type RoadType,
  activeTierValue,
  calculationKindOf,
  scenarioType,
} from './scenario.ts';

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
  /** Customers served by this pipe (standard mode). */
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

export interface CofDetails {
  readonly pipeId: string;
  /** Null when the diameter is unknown; money then uses UNKNOWN_DIAMETER_TIER. */
  readonly diameterTier: DiameterTier | null;
  readonly direct: number;
  readonly intenseRepair: number;
  readonly standardRepair: number;
  readonly indirect: number;
  readonly noWater: number;
  readonly trafficDisruption: number;
  readonly criticalFacilities: number;
  readonly propertyDamage: number;
  readonly environment: number;
  readonly custom: number;
  readonly cofTotal: number;
  readonly level: CofLevel;
  readonly customersWithoutWater: number;
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

/** Imputation normally fills diameters before COF; a pipe still without one is priced as a 4–8 in main. */
export const UNKNOWN_DIAMETER_TIER: DiameterTier = 'd2';

export function computeCof(inputs: CofInputs): CofResult {
  const { scenario, pipes } = inputs;
  const p = scenario.parameters;
  const type = scenarioType(scenario.costMaster);
  const kind = calculationKindOf(type);
  const outageOf = outageFinder(inputs, kind);
  const facilitiesAt = new Map<string, CriticalFacility[]>();
  for (const f of inputs.facilities ?? [])
    facilitiesAt.set(f.nodeId, [...(facilitiesAt.get(f.nodeId) ?? []), f]);
  const nativeOf = new Map(pipes.map((pipe) => [pipe.id, pipe.nativeId ?? pipe.id]));
  const pipeRefs = refCache((id) => ({ mapId: id, nativeId: nativeOf.get(id) ?? id }));
  const valveRefs = refCache((id) => ({ mapId: id, nativeId: inputs.valveNativeIds?.[id] ?? id }));
  const enabledCustom = scenario.customCofs.filter((c) => c.enabled).map((c) => String(c.id));
  const { intenseRepairRoadType } = scenario.costMaster.directCost;
  const { customerNoWater, criticalFacilities } = scenario.costMaster.indirectCost;
  const [lowFactor, highFactor] = p.pressureFactorRange;
  // The pipes of one segment share its outage's node list: the facilities it cuts off are found once per
  // segment, not once per pipe (a valveless network is one segment of every pipe: n² otherwise).
  const cutOffOf = memoByList((nodeIds) => {
    const cutOff = nodeIds.flatMap((n) => facilitiesAt.get(n) ?? []);
    const weight = cutOff.reduce((w, f) => w + (p.facilityWeights[f.type] ?? p.defaultFacilityWeight), 0);
    return { weight, ids: cutOff.map((f) => f.id) };
  });

  const rows = pipes.map((pipe) => {
    const knownTier = diameterTier(pipe.diameterMm);
    const tier = knownTier ?? UNKNOWN_DIAMETER_TIER;
    const length = p.perLengthUnit === 'ft' ? pipe.lengthM / M_PER_FOOT : pipe.lengthM;
    const intense = pipe.roadType != null && p.intenseRoadTypes.includes(pipe.roadType);
    const intenseRepair = intense ? activeTierValue(intenseRepairRoadType, kind, tier) * length : 0;
    const standardRepair = intense ? 0 : p.standardRepairCost[tier] * length;
    const pressure = pipe.staticPressureKpa;
    const pressureFactor =
      pressure == null ? 1 : Math.min(highFactor, Math.max(lowFactor, pressure / p.referencePressureKpa));
    const propertyDamage = p.propertyDamage[tier] * pressureFactor;
    const hours = p.outageHours[tier];
    const outage = outageOf(pipe.id, pipe.population);
    const customers = outage?.customers ?? pipe.population ?? 0;
    const noWater = customers * hours * activeTierValue(customerNoWater, kind, tier);
    const trafficDisruption = pipe.roadType == null ? 0 : p.trafficPerHour[pipe.roadType] * hours;
    const cutOff = cutOffOf(outage?.nodeIds ?? []);
    const facilities = cutOff.weight * hours * activeTierValue(criticalFacilities, kind, tier);
    const environment = p.environmental[tier] * pressureFactor * (pipe.nearWater ? p.nearWaterFactor : 1);
    const custom = enabledCustom.reduce((sum, id) => sum + (pipe.custom?.[id] ?? 0), 0);
    const direct = standardRepair + intenseRepair + propertyDamage;
    const indirect = noWater + trafficDisruption + facilities + environment;
    return {
      pipeId: pipe.id,
      diameterTier: knownTier,
      direct,
      intenseRepair,
      standardRepair,
      indirect,
      noWater,
      trafficDisruption,
      criticalFacilities: facilities,
      propertyDamage,
      environment,
      custom,
      cofTotal: direct + indirect + custom,
      customersWithoutWater: customers,
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
