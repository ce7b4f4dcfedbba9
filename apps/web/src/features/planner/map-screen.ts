// What the map screen takes from the planner with its first paint (issue 41): the store, the panel's toggle and
// what the planner draws on the map. The panel and the scenario list come as chunks of their own (lazy.tsx);
// importing index.ts here would put them back in the map's chunk, since a module reachable statically is never
// split out, whatever imports it lazily too.
export { PlannerPanelToggle } from './components/panel/PlannerPanelToggle.tsx';
export { usePlannerMap } from './hooks/use-planner-map.ts';
export type { PlannerMapBridge } from './hooks/panel-context.tsx';
export type { ScenarioFiltersView } from './api/get-scenario-filters.ts';
export { usePlannerStore, resetPlannerStore } from './state.ts';
export { LazyPlannerPanel, LazyPlannerScenarios } from './lazy.tsx';
