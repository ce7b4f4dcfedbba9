// Selecting planner scenarios in the filter pane (spec 000 §4, 001 §2/§4; PLAN-SCN-04/09/10): a click selects a
// scenario and loads its filters onto the map (the saved-filter apply sequence, given by the route), or folds the
// selected one; leaving a scenario with unsaved filter changes first asks Save or Discard. Saving puts the map's
// filters into the selected scenario (PUT …/filters) and clears the unsaved flag on success. A scenario that has no
// saved filters yet (saved_filters null) loads none without asking the server: an empty scenario is not an error,
// and its 404 would show as one in the browser's console (issue 36).
import { TOAST_MS } from '@pipewise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/index.ts';
import { getScenarioFilters, type ScenarioFiltersView } from '../api/get-scenario-filters.ts';
import { useSaveScenarioFilters, type ScenarioFiltersInput } from '../api/save-scenario-filters.ts';
import { clickScenario, needsUnsavedPrompt } from '../lib/scenario-rules.ts';
import { usePlannerStore } from '../state.ts';
import { reportError } from '../../../lib/report-error.ts';

export interface ScenarioFilterBridge {
  /** The map's filters now, in the wire shape, with the active view as lofType. */
  currentFilters: () => ScenarioFiltersInput;
  /** Put a scenario's saved filters on the map; null = it has none yet (the map's filters are cleared). */
  onLoadFilters: (saved: ScenarioFiltersView | null) => void;
  /** The filters are saved: nothing is unsaved any more. */
  onFiltersSaved: () => void;
  unsaved: boolean;
}

export type UnsavedChoice = 'save' | 'discard' | 'cancel';

export function useScenarioSwitch(
  snapshotId: number,
  bridge: ScenarioFilterBridge,
  /** The scenario's saved filter set id: null when none is saved, undefined when the scenario is not known. */
  savedFiltersOf: (id: number) => number | null | undefined = () => undefined,
) {
  const { t } = useTranslation('planner');
  const selection = usePlannerStore((s) => s.scenario);
  const setScenario = usePlannerStore((s) => s.setScenario);
  const [pending, setPending] = useState<number | null>(null);
  const save = useSaveScenarioFilters(snapshotId, bridge.onFiltersSaved);

  const load = async (id: number) => {
    try {
      bridge.onLoadFilters(savedFiltersOf(id) === null ? null : await getScenarioFilters(id));
    } catch (err) {
      reportError('Loading the scenario filters failed', err); // PLAN-SCN-14
      toast.show({ text: t('scenarios.loadFailed'), color: 'error', timer: TOAST_MS.normal });
    }
  };

  const go = (id: number) => {
    const next = clickScenario(usePlannerStore.getState().scenario, id);
    setScenario({ selectedId: next.selectedId, collapsed: next.collapsed });
    if (next.load) void load(id);
  };

  const click = (id: number) => {
    if (needsUnsavedPrompt(selection.selectedId, id, bridge.unsaved)) setPending(id);
    else go(id);
  };

  const saveInto = (scenarioId: number) => save.mutateAsync({ scenarioId, ...bridge.currentFilters() });

  const resolve = async (choice: UnsavedChoice) => {
    const next = pending;
    setPending(null);
    if (choice === 'cancel' || next === null) return;
    const current = usePlannerStore.getState().scenario.selectedId;
    if (choice === 'save' && current !== null) {
      try {
        await saveInto(current);
      } catch {
        return; // the failure toast is shown; stay on the scenario whose changes are unsaved
      }
    }
    go(next);
  };

  const deselect = () => setScenario({ selectedId: null, collapsed: false });

  return {
    selection,
    click,
    pending,
    resolve,
    deselect,
    saveCurrent: () => {
      if (selection.selectedId !== null) void saveInto(selection.selectedId).catch(() => undefined);
    },
    saving: save.isPending,
  };
}
