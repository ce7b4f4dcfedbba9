// The costs a programme spends and weighs (issue 39: "costs from the COF scenario's repair and renewal costs by
// diameter tier, in the scenario's currency"): the COF scenario the served analysis priced the network with (its
// standard repair cost per length by diameter tier), else the client country's default — the rates the auto planner
// plans with too (planner/repair-cost.ts servedCostModel). Without served COF the risk strategy weighs the probability of a break instead of money at risk.
import { AUTO_PLANNER_LENGTH_DEFAULTS, type StandardRepairCost } from '@pipewise/domain';
import type { Db } from '../../db/database.ts';
import { servedCostModel } from '../planner/repair-cost.ts';

const M_PER_FT = 0.3048;

export interface ProgrammeCosts {
  cofScenarioId: number | null;
  cofScenarioName: string;
  currency: string;
  rates: StandardRepairCost;
  perLengthUnit: 'm' | 'ft';
  criterion: 'bre' | 'lof';
  /** The auto planner's default project length bounds in the rates' unit, in metres. */
  minLengthM: number;
  maxLengthM: number;
}

export async function costModelOf(tx: Db, datasetId: number): Promise<ProgrammeCosts> {
  const model = await servedCostModel(tx, datasetId);
  const perLengthUnit = model.unit.per_length_unit;
  const bounds = AUTO_PLANNER_LENGTH_DEFAULTS[perLengthUnit];
  const toM = perLengthUnit === 'ft' ? M_PER_FT : 1;
  return {
    cofScenarioId: model.scenarioId,
    cofScenarioName: model.scenarioName,
    currency: model.unit.currency,
    rates: model.rates,
    perLengthUnit,
    criterion: model.priced ? 'bre' : 'lof',
    minLengthM: bounds.min * toM,
    maxLengthM: bounds.max * toM,
  };
}

/** The costs a stored programme was asked with: its scenario's rates as they are now (the job reads them once). */
export const programmeCosts = (tx: Db, programme: { datasetId: number }) =>
  costModelOf(tx, programme.datasetId);
