// How a pipe's COF was computed (issue 38), stored beside its amounts in pipe_results.cof: the figures each amount
// multiplies (cof/pipe-price.ts PriceBasis) and its outage's (cof/model.ts CofDetails), as numbers, since the record
// holds numbers only. Codes: calculation = SCENARIO_TYPE (0 standard, 1 hydraulic, 2 valve), tier 1–6 = d1–d6,
// roadType 0 none, 1 arterial, 2 collector, 3 local, intense 0/1. Lengths and rates per metre, in the scenario's
// currency. The server reads them back with cofBasisOfRecord into the details API's cof.basis.
import { SCENARIO_TYPE } from '@pipewise/domain';
import { DIAMETER_TIERS, type DiameterTier } from '../cof/constants.ts';
import type { CofDetails } from '../cof/model.ts';
import type { PriceBasis } from '../cof/pipe-price.ts';
import type { CalculationKind, RoadType } from '../cof/scenario.ts';

export const CALCULATION_CODE: Readonly<Record<CalculationKind, number>> = {
  standard: SCENARIO_TYPE.DEFAULT,
  hydraulic: SCENARIO_TYPE.HYDRAULIC,
  valve: SCENARIO_TYPE.VALVE,
};
const ROAD_TYPES: readonly (RoadType | null)[] = [null, 'arterial', 'collector', 'local'];

/** The outage's part of the basis: what a re-priced pipe (pipeline/rescore.ts) keeps from the stored record. */
export const COF_OUTAGE_BASIS_KEYS = [
  'segmentCustomers',
  'cutOffSegments',
  'dryJunctions',
  'facilitiesCutOff',
] as const;

export interface CofBasis extends Omit<PriceBasis, 'lengthM'> {
  readonly calculation: CalculationKind;
  readonly segmentCustomers: number | null;
  readonly cutOffSegments: number | null;
  readonly dryJunctions: number | null;
  readonly facilitiesCutOff: number | null;
}

/** The pricing basis as numeric keys of the stored COF record. */
export function priceBasisRecord(basis: PriceBasis, kind: CalculationKind): Record<string, number> {
  return {
    calculation: CALCULATION_CODE[kind],
    tier: DIAMETER_TIERS.indexOf(basis.tier) + 1,
    intense: basis.intense ? 1 : 0,
    repairRatePerM: basis.repairRatePerM,
    outageHours: basis.outageHours,
    customerHourRate: basis.customerHourRate,
    roadType: ROAD_TYPES.indexOf(basis.roadType),
    trafficRatePerHour: basis.trafficRatePerHour,
    facilityWeight: basis.facilityWeight,
    facilityHourRate: basis.facilityHourRate,
    pressureFactor: basis.pressureFactor,
    propertyDamageRate: basis.propertyDamageRate,
    environmentRate: basis.environmentRate,
    nearWaterFactor: basis.nearWaterFactor,
    customCofs: basis.customCofs,
  };
}

export function cofBasisRecord(d: CofDetails, kind: CalculationKind): Record<string, number> {
  return {
    ...priceBasisRecord(d.basis, kind),
    segmentCustomers: d.segmentCustomers,
    cutOffSegments: d.cutOffSegments,
    dryJunctions: d.dryJunctions,
    facilitiesCutOff: d.facilitiesCutOff.length,
  };
}

/** The basis back from a stored record; null for a record stored before the basis was (no `calculation`). */
export function cofBasisOfRecord(record: Readonly<Record<string, unknown>>): CofBasis | null {
  const n = (key: string): number | null => {
    const v = record[key];
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  };
  const code = n('calculation');
  const calculation = (Object.keys(CALCULATION_CODE) as CalculationKind[]).find(
    (k) => CALCULATION_CODE[k] === code,
  );
  const tier = DIAMETER_TIERS[(n('tier') ?? 0) - 1] as DiameterTier | undefined;
  if (calculation === undefined || tier === undefined) return null;
  return {
    calculation,
    tier,
    intense: n('intense') === 1,
    repairRatePerM: n('repairRatePerM') ?? 0,
    outageHours: n('outageHours') ?? 0,
    customerHourRate: n('customerHourRate') ?? 0,
    roadType: ROAD_TYPES[n('roadType') ?? 0] ?? null,
    trafficRatePerHour: n('trafficRatePerHour') ?? 0,
    facilityWeight: n('facilityWeight') ?? 0,
    facilityHourRate: n('facilityHourRate') ?? 0,
    pressureFactor: n('pressureFactor') ?? 1,
    propertyDamageRate: n('propertyDamageRate') ?? 0,
    environmentRate: n('environmentRate') ?? 0,
    nearWaterFactor: n('nearWaterFactor') ?? 1,
    customCofs: n('customCofs') ?? 0,
    segmentCustomers: n('segmentCustomers'),
    cutOffSegments: n('cutOffSegments'),
    dryJunctions: n('dryJunctions'),
    facilitiesCutOff: n('facilitiesCutOff'),
  };
}
