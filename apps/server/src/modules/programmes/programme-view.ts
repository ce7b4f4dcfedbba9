// Programme rows → the wire objects of packages/domain/src/api/programmes.ts (docs/api-programmes.md).
import type { Programme } from '@pipewise/domain';
import type { ProgrammeRow } from '../../db/schema-programmes.ts';

type Stored = Pick<Programme, 'scenarios' | 'todays_breaks' | 'assumptions'>;

export function toApiProgramme(row: ProgrammeRow): Programme {
  const result = (row.result ?? null) as Stored | null;
  return {
    id: row.id,
    dataset_id: row.datasetId,
    name: row.name,
    state: row.state,
    progress: row.progress,
    error: row.error,
    start_year: row.startYear,
    horizon_years: row.horizonYears,
    strategy: row.strategy,
    currency: row.currency,
    cof_scenario: { id: row.cofScenarioId, name: row.cofScenarioName },
    analysis_id: row.analysisId,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    // Until it is done, the scenarios as asked, without years.
    scenarios: result?.scenarios ?? row.scenarios.map((s) => ({ ...s, years: [] })),
    hold_flat_budget: row.holdFlatBudget,
    todays_breaks: result?.todays_breaks ?? null,
    assumptions: result?.assumptions ?? null,
  };
}

export function toApiProgrammeSummary(row: ProgrammeRow) {
  const { scenarios: _s, assumptions: _a, ...summary } = toApiProgramme(row);
  return summary;
}
