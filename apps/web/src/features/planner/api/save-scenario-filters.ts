// PUT /api/planner-scenarios/{id}/filters {filters, lof_type} → the saved filter: the map's filters saved into the
// scenario. Spec 000 §8: a 2xx shows 'planner.updates.scenarioFilters.success' for 3 s, anything else the failure
// toast for 3 s; success clears the unsaved-changes flag (PLAN-SCN-10, done by the caller's onSaved).
import { TOAST_MS, type SavedFilterFilters } from '@pipewise/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/index.ts';
import { api } from '../../../lib/api-client.ts';
import type { ScenarioFiltersView } from './get-scenario-filters.ts';
import { plannerKeys, type ScenarioView } from './types.ts';
import { reportError } from '../../../lib/report-error.ts';

export interface ScenarioFiltersInput {
  filters: SavedFilterFilters;
  lofType: string;
}

export function saveScenarioFilters(
  scenarioId: number,
  input: ScenarioFiltersInput,
): Promise<ScenarioFiltersView> {
  // The filters are already in the wire shape (snake_case keys convert to themselves).
  return api<ScenarioFiltersView>('PUT', `/api/planner-scenarios/${scenarioId}/filters`, input);
}

export function useSaveScenarioFilters(snapshotId: number, onSaved: () => void) {
  const { t } = useTranslation('planner');
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ scenarioId, ...input }: ScenarioFiltersInput & { scenarioId: number }) =>
      saveScenarioFilters(scenarioId, input),
    onSuccess: (saved, { scenarioId }) => {
      onSaved();
      // The scenario has saved filters now: selecting it again must ask for them even before the list refetches.
      client.setQueryData<ScenarioView[]>(plannerKeys.scenarios(snapshotId), (list) =>
        list?.map((s) => (s.id === scenarioId ? { ...s, savedFilters: saved.id } : s)),
      );
      toast.show({ text: t('updates.scenarioFilters.success'), color: 'success', timer: TOAST_MS.normal });
      void client.invalidateQueries({ queryKey: plannerKeys.scenarios(snapshotId) });
      void client.invalidateQueries({ queryKey: plannerKeys.scenarioFilters(scenarioId) });
    },
    onError: (err) => {
      reportError('Saving the scenario filters failed', err); // PLAN-SCN-14
      toast.show({ text: t('updates.scenarioFilters.failure'), color: 'error', timer: TOAST_MS.normal });
    },
  });
}
