// A job_planner_scenarios row → the wire PlannerScenario (docs/api-planner.md).
import type { PlannerScenario } from '@pipewise/domain';
import type { ScenarioRow } from './scenarios.repository.ts';

export function toApiScenario(row: ScenarioRow): PlannerScenario {
  return {
    id: row.id,
    snapshot_id: row.snapshotId,
    name: row.name,
    image_url: row.imageUrl,
    start_date: row.startDate,
    end_date: row.endDate,
    saved_filters: row.savedFilterId,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
