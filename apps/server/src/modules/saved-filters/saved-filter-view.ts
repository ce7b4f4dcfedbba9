// A saved_filters row → the wire SavedFilter. Stored filters may be in the older flat format (spec 000 §3): they
// are converted here, on every read, so the client only ever sees the current one.
import { normalizeSavedFilters, type SavedFilter } from '@pipewise/domain';
import type { SavedFilterRow } from './saved-filters.repository.ts';

export function toApiSavedFilter(row: SavedFilterRow): SavedFilter {
  return {
    id: row.id,
    name: row.name,
    snapshot_id: row.snapshotId,
    job_planner_scenario: row.jobPlannerScenarioId,
    filters: normalizeSavedFilters(row.filters),
    lof_type: row.lofType,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
