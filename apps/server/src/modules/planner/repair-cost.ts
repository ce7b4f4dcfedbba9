// Standard repair cost of the planner (spec 001 §3 standardRepairCost, §9 defaults and tier bands): per unit length
// by diameter tier d1–d6, in the client's currency per foot (US) or per metre (elsewhere). A dataset's are those of
// the cost model its served results were priced with — its COF scenario's, else the country's default COF scenario of
// packages/engine (cof/defaults.ts) — so the planner, the programme and the figures on screen price alike (issue 38:
// the cost model in use named, and used, everywhere).
import type { ProjectDefaults, RepairCostUnit, StandardRepairCost } from '@pipewise/domain';
import { defaultCofScenario, repairCost } from '@pipewise/engine';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

export interface RepairRates {
  rates: StandardRepairCost;
  unit: RepairCostUnit;
}

/** The country default a new project or plan starts from (GET /projects/defaults). */
export function countryRepairRates(country: string | null | undefined): RepairRates {
  const { parameters } = defaultCofScenario(country);
  return {
    rates: { ...parameters.standardRepairCost },
    unit: { currency: parameters.currency, per_length_unit: parameters.perLengthUnit },
  };
}

export const toApiDefaults = (r: RepairRates): ProjectDefaults => ({
  standard_repair_cost: r.rates,
  repair_cost_unit: r.unit,
});

/** Cost of repairing one pipe: its tier's rate × its length in the rate's unit; null when its diameter is unknown. */
export const pipeCost = (diameterMm: number | null, lengthM: number, r: RepairRates): number | null =>
  repairCost(diameterMm, lengthM, r.rates, r.unit.per_length_unit);

/** The cost model a dataset's served results were priced with, and its repair rates. */
export interface ServedCostModel extends RepairRates {
  /** The COF scenario (null: the country default) and its name. */
  scenarioId: number | null;
  scenarioName: string;
  /** The served analysis has COF results (BRE can be planned on). */
  priced: boolean;
}

export async function servedCostModel(tx: Db, datasetId: number): Promise<ServedCostModel> {
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
  return {
    rates: { ...parameters.standardRepairCost },
    unit: {
      currency: parameters.currency as RepairCostUnit['currency'],
      per_length_unit: parameters.perLengthUnit,
    },
    scenarioId: row?.['cof_scenario_id'] == null ? null : Number(row['cof_scenario_id']),
    scenarioName: String(row?.['name'] ?? row?.['stored_name'] ?? fallback.name),
    priced: row?.['priced'] === true || row?.['priced'] === 't',
  };
}
