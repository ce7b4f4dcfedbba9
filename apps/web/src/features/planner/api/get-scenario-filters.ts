// GET /api/planner-scenarios/{id}/filters → the scenario's saved filter; 404 means nothing saved yet (null here).
// Read when a scenario is selected, so its filters load onto the map (PLAN-SCN-04).
import type { SavedFilter } from '@pipewise/domain';
import { ApiError, api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';

export type ScenarioFiltersView = Camelize<SavedFilter>;

export async function getScenarioFilters(scenarioId: number): Promise<ScenarioFiltersView | null> {
  try {
    return await api<ScenarioFiltersView>('GET', `/api/planner-scenarios/${scenarioId}/filters`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
