// Default COF scenario per country (001 §7 "GET default scenarios filtered by country").
//
// Units: the spec's default standard repair costs (001 §9: 168/200/280/330/380/450 "by tier") carry no
// unit. We read them as USD per foot — the platform's US defaults are imperial and in USD (001 §9 currency),
// and $168–450/ft is the usual US range for main repair/renewal by diameter. JP defaults are JPY per metre
// and EU (DE, IT, FR, ES) EUR per metre, converted with 0.3048 m/ft (001 §9) and the exchange rates below.
//
// Everything else is NOT in the spec: DOCUMENTED ASSUMPTIONS, round numbers a utility is expected to tune:
// - intense repair (arterial roads): 1.5 × standard — pavement restoration and traffic management;
// - outage hours by tier 4/6/8/12/18/24 — small mains are repaired within a shift, large ones take a day;
// - property damage per break $1k/2.5k/10k/25k/50k/100k by tier at 400 kPa, × pressure/400 kPa in [0.5, 2];
// - traffic disruption per outage hour: arterial $1,000, collector $300, local $50;
// - environmental damage per break $0.5k/1k/2.5k/5k/10k/20k by tier (pressure-scaled like property
//   damage), × 3 when the pipe is near a water body or storm drain;
// - customers without water: $2 per person-hour (bottled water, lost time), the customerNoWater tier values;
// - critical facilities: $500 per facility-hour (the criticalFacilities tier values) × a weight by type:
//   hospital and dialysis 10, nursing home 5, fire station 4, school/university/police 2, other 1.
import { currencyForCountry, unitSystemForCountry, M_PER_FOOT } from '@pipewise/domain';
import { DEFAULT_STANDARD_REPAIR_COST, DIAMETER_TIERS, type TierValues } from './constants.ts';
import type { CofParameters, CofScenario, CostCalculations, CurrencyCode } from './scenario.ts';

/** Assumed exchange rates for the defaults only (USD → currency), rounded. */
export const DEFAULT_FX_FROM_USD: Readonly<Record<CurrencyCode, number>> = { USD: 1, JPY: 150, EUR: 0.92 };

const tiers = (values: readonly number[]): TierValues =>
  Object.fromEntries(DIAMETER_TIERS.map((t, i) => [t, values[i]!])) as unknown as TierValues;
const mapTiers = (values: TierValues, f: (v: number) => number): TierValues =>
  Object.fromEntries(DIAMETER_TIERS.map((t) => [t, f(values[t])])) as unknown as TierValues;

/** Three significant figures: defaults should read as the round assumptions they are. */
const round3 = (v: number): number => (v === 0 ? 0 : Number(v.toPrecision(3)));

export const US_PARAMETERS: CofParameters = {
  currency: 'USD',
  perLengthUnit: 'ft',
  standardRepairCost: DEFAULT_STANDARD_REPAIR_COST,
  intenseRoadTypes: ['arterial'],
  outageHours: tiers([4, 6, 8, 12, 18, 24]),
  propertyDamage: tiers([1000, 2500, 10000, 25000, 50000, 100000]),
  trafficPerHour: { arterial: 1000, collector: 300, local: 50 },
  environmental: tiers([500, 1000, 2500, 5000, 10000, 20000]),
  nearWaterFactor: 3,
  referencePressureKpa: 400,
  pressureFactorRange: [0.5, 2],
  facilityWeights: {
    hospital: 10,
    dialysis_centre: 10,
    nursing_home: 5,
    fire_station: 4,
    school: 2,
    university: 2,
    police: 2,
    government: 1,
  },
  defaultFacilityWeight: 1,
};
const US_INTENSE_REPAIR = mapTiers(DEFAULT_STANDARD_REPAIR_COST, (v) => v * 1.5);
const US_NO_WATER_PER_PERSON_HOUR = 2;
const US_FACILITY_PER_HOUR = 500;

function calculations(values: TierValues): CostCalculations {
  return {
    standardCalculation: { enabled: true, ...values },
    hydraulicCalculation: { enabled: false, ...values },
    valveCalculation: { enabled: false, ...values },
  };
}

/** The default scenario of a country (US when unknown): standard calculation, no custom COFs. */
export function defaultCofScenario(country: string | null | undefined): CofScenario {
  const currency = currencyForCountry(country);
  const perLengthUnit = unitSystemForCountry(country) === 'imperial' ? 'ft' : 'm';
  const fx = DEFAULT_FX_FROM_USD[currency];
  // USD per ft → currency per m: × fx / 0.3048.
  const perLength = perLengthUnit === 'ft' ? fx : fx / M_PER_FOOT;
  const money = (v: number): number => round3(v * fx);
  const rate = (values: TierValues): TierValues => mapTiers(values, (v) => round3(v * perLength));
  const p = US_PARAMETERS;
  const parameters: CofParameters = {
    ...p,
    currency,
    perLengthUnit,
    standardRepairCost: rate(p.standardRepairCost),
    propertyDamage: mapTiers(p.propertyDamage, money),
    environmental: mapTiers(p.environmental, money),
    trafficPerHour: {
      arterial: money(p.trafficPerHour.arterial),
      collector: money(p.trafficPerHour.collector),
      local: money(p.trafficPerHour.local),
    },
  };
  const flat = (v: number): TierValues => tiers(DIAMETER_TIERS.map(() => money(v)));
  return {
    id: null,
    name: `Default (${currency})`,
    enabled: true,
    costMaster: {
      directCost: { intenseRepairRoadType: calculations(rate(US_INTENSE_REPAIR)) },
      indirectCost: {
        customerNoWater: calculations(flat(US_NO_WATER_PER_PERSON_HOUR)),
        criticalFacilities: calculations(flat(US_FACILITY_PER_HOUR)),
      },
    },
    customCofs: [],
    parameters,
  };
}
