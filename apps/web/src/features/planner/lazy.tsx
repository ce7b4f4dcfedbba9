// Issue 41: the planner's panel and scenario list as chunks of their own, for the map screen — the panel shows only
// on /planner once opened, the list only in the filters pane's Planner tab, so the first coloured map does not wait
// for them. A chunk that fails to load throws to the route's error page, which reloads once (lib/chunk-reload.ts).
import { Suspense, lazy } from 'react';
import type { PlannerPanelProps } from './components/panel/PlannerPanel.tsx';
import type { PlannerScenariosProps } from './components/scenarios/PlannerScenarios.tsx';

const Panel = lazy(async () => ({
  default: (await import('./components/panel/PlannerPanel.tsx')).PlannerPanel,
}));
const Scenarios = lazy(async () => ({
  default: (await import('./components/scenarios/PlannerScenarios.tsx')).PlannerScenarios,
}));

export function LazyPlannerPanel(props: PlannerPanelProps) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

export function LazyPlannerScenarios(props: PlannerScenariosProps) {
  return (
    <Suspense fallback={null}>
      <Scenarios {...props} />
    </Suspense>
  );
}
