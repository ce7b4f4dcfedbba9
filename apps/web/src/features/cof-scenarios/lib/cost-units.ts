// What each cost of the cost master is (001 §3) and the unit its d1–d6 are in (packages/domain cof-scenarios.ts):
// intense repair per unit length of the scenario ('USD/ft', 'JPY/m'), customers without water per person-hour,
// critical facilities per facility-hour, all in the scenario's currency.
import type { TFunction } from 'i18next';
import type { CostKey } from '../types.ts';

export interface CostInfo {
  key: CostKey;
  group: 'direct' | 'indirect';
}

/** In the editor's order: the direct cost first, then the two indirect costs. */
export const COSTS: readonly CostInfo[] = [
  { key: 'intenseRepairRoadType', group: 'direct' },
  { key: 'customerNoWater', group: 'indirect' },
  { key: 'criticalFacilities', group: 'indirect' },
];

export interface ScenarioMoney {
  currency: string;
  perLengthUnit: 'ft' | 'm';
}

export function costUnit(t: TFunction, cost: CostKey, money: ScenarioMoney): string {
  switch (cost) {
    case 'intenseRepairRoadType':
      return t('cof:units.perLength', { currency: money.currency, length: money.perLengthUnit });
    case 'customerNoWater':
      return t('cof:units.perPersonHour', { currency: money.currency });
    case 'criticalFacilities':
      return t('cof:units.perFacilityHour', { currency: money.currency });
  }
}
