// The costs a programme spends and weighs (issue 39: "costs from the COF scenario's repair and renewal costs by
// diameter tier, in the scenario's currency"): the COF scenario the served analysis priced the network with (its
// standard repair cost per length by diameter tier), else the client country's default, the one the auto planner
// starts from. Without served COF the risk strategy weighs the probability of a break instead of money at risk.
import { AUTO_PLANNER_LENGTH_DEFAULTS, type StandardRepairCost } from '@pipewise/domain';
import { defaultCofScenario } from '@pipewise/engine';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

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
  const row = (
    await tx.execute(sql`SELECT a.cof_scenario_id, c.name, c.scenario->'parameters' AS parameters,
        a.cof_summary IS NOT NULL AS priced, a.cof_summary->>'scenarioName' AS stored_name, cl.country
      FROM datasets d JOIN clients cl ON cl.id = d.client_id
        LEFT JOIN analyses a ON a.id = d.analysis_id
        LEFT JOIN cof_scenarios c ON c.id = a.cof_scenario_id
      WHERE d.id = ${datasetId}`)
  ).rows[0];
  const fallback = defaultCofScenario((row?.['country'] as string | null) ?? null);
  const stored = row?.['parameters'];
  const parameters = (
    stored == null ? fallback.parameters : typeof stored === 'string' ? JSON.parse(stored) : stored
  ) as typeof fallback.parameters;
  const perLengthUnit = parameters.perLengthUnit;
  const bounds = AUTO_PLANNER_LENGTH_DEFAULTS[perLengthUnit];
  const toM = perLengthUnit === 'ft' ? M_PER_FT : 1;
  return {
    cofScenarioId: row?.['cof_scenario_id'] == null ? null : Number(row['cof_scenario_id']),
    cofScenarioName: String(row?.['name'] ?? row?.['stored_name'] ?? fallback.name),
    currency: parameters.currency,
    rates: parameters.standardRepairCost,
    perLengthUnit,
    criterion: row?.['priced'] ? 'bre' : 'lof',
    minLengthM: bounds.min * toM,
    maxLengthM: bounds.max * toM,
  };
}

/** The costs a stored programme was asked with: its scenario's rates as they are now (the job reads them once). */
export const programmeCosts = (tx: Db, programme: { datasetId: number }) =>
  costModelOf(tx, programme.datasetId);
