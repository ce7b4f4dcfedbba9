// Project rows and their pipes → the wire Project, ProjectDetail and ProjectItem (PLAN-PRJ-01, -07, -09). Totals
// are computed on read from the served analysis, so a re-analysis updates every project's LOF and risk.
import {
  projectWideLof,
  type Project,
  type ProjectDetail,
  type ProjectEvent,
  type ProjectItem,
} from '@pipewise/domain';
import type { Gates } from '../assets/viewer.ts';
import type { PipeFigures } from './planner-pipes.repository.ts';
import type { ProjectRecord } from './projects.repository.ts';
import { pipeCost, type RepairRates } from './repair-cost.ts';

export const ratesOf = (row: {
  standardRepairCost: RepairRates['rates'];
  repairCostCurrency: RepairRates['unit']['currency'];
  repairCostPerLength: RepairRates['unit']['per_length_unit'];
}): RepairRates => ({
  rates: row.standardRepairCost,
  unit: { currency: row.repairCostCurrency, per_length_unit: row.repairCostPerLength },
});

/** LOF without the LOF subscription and BRE without BRE (and COF) are not shown (spec 001 §6). */
export function toItems(figures: readonly PipeFigures[], rates: RepairRates, gates: Gates): ProjectItem[] {
  return figures.map((f) => ({
    pipe_id: f.id,
    native_pipe_id: f.nativePipeId,
    length_m: f.lengthM,
    diameter_mm: f.diameterMm,
    lof12: gates.lof ? f.lof12 : null,
    total_risk_12: gates.bre === 'open' ? f.bre : null,
    cost: pipeCost(f.diameterMm, f.lengthM, rates),
  }));
}

export type ProjectTotals = Pick<
  Project,
  'pipe_count' | 'total_length_m' | 'total_cost' | 'uncosted_pipes' | 'project_lof' | 'total_risk_12'
>;

/** Σ of what is known; pipes of unknown diameter are counted apart rather than guessed (uncosted_pipes). */
export function totalsOf(items: readonly ProjectItem[]): ProjectTotals {
  let length = 0;
  let cost = 0;
  let uncosted = 0;
  let risk: number | null = null;
  for (const item of items) {
    length += item.length_m;
    if (item.cost === null) uncosted++;
    else cost += item.cost;
    if (item.total_risk_12 !== null) risk = (risk ?? 0) + item.total_risk_12;
  }
  return {
    pipe_count: items.length,
    total_length_m: length,
    total_cost: cost,
    uncosted_pipes: uncosted,
    project_lof: projectWideLof(items.map((i) => i.lof12)),
    total_risk_12: risk,
  };
}

export function toApiProject(row: ProjectRecord, items: readonly ProjectItem[]): Project {
  const rates = ratesOf(row);
  return {
    id: row.id,
    dataset_id: row.datasetId,
    name: row.name,
    description: row.description,
    start_date: row.startDate,
    end_date: row.endDate,
    budget: row.budget,
    status: row.status,
    project_area: row.projectAreaWkt,
    has_image: row.hasImage,
    manager_name: row.managerName,
    manager_email: row.managerEmail,
    inspector_name: row.inspectorName,
    inspector_email: row.inspectorEmail,
    manager_id: row.managerId,
    inspector_id: row.inspectorId,
    standard_repair_cost: rates.rates,
    repair_cost_unit: rates.unit,
    ...totalsOf(items),
    proposal_id: row.proposalId,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const toApiProjectDetail = (
  row: ProjectRecord,
  items: ProjectItem[],
  history: ProjectEvent[],
): ProjectDetail => ({
  ...toApiProject(row, items),
  items,
  history,
});
