// Public surface of the planner feature (spec 001 §2–§9): the scenario list of the filter pane's Planner tab, the
// planner panel of /planner with its toggle, what the planner shows on the map, and the store's reset.
export { PlannerScenarios } from './components/scenarios/PlannerScenarios.tsx';
export type { PlannerScenariosProps } from './components/scenarios/PlannerScenarios.tsx';
export { PlannerPanel } from './components/panel/PlannerPanel.tsx';
export type { PlannerPanelProps } from './components/panel/PlannerPanel.tsx';
export { PlannerPanelToggle } from './components/panel/PlannerPanelToggle.tsx';
export type { PlannerMapBridge } from './hooks/panel-context.tsx';
export type { ScenarioFiltersView } from './api/get-scenario-filters.ts';
export type { ScenarioFiltersInput } from './api/save-scenario-filters.ts';
export { usePlannerMap } from './hooks/use-planner-map.ts';
export { usePlannerStore, resetPlannerStore } from './state.ts';
export type { PlannerUser } from './lib/viewer.ts';
export { ProgrammeView } from './components/programme/ProgrammeView.tsx';
export type { ProgrammeViewProps } from './components/programme/ProgrammeView.tsx';
