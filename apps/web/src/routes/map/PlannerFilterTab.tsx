// The filter pane's Planner tab (spec 000 §4, SUB-08): the boundary tools, then the planner scenarios.
// The toolbar comes first because its height never changes on its own: the scenario list arrives from the server
// (a spinner, then the items) and grows when a scenario is created, so anything below it moves under the pointer.
// A click on "Select" aimed while the list was arriving landed on a scenario instead (e2e map.spec.ts, under load).
import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { BoundaryToolbar, type BoundaryAction, type BoundaryMode } from '../../features/boundaries/index.ts';

/** What the toolbar shows of the map's boundary (use-boundary.ts). */
export interface BoundaryState {
  mode: BoundaryMode;
  polygons: readonly unknown[];
  ids: readonly number[] | null;
  busy: boolean;
  onAction: (action: BoundaryAction) => void;
}

export function PlannerFilterTab({ boundary, scenarios }: { boundary: BoundaryState; scenarios: ReactNode }) {
  return (
    <Stack spacing={2} data-testid="planner-filter-tab">
      <BoundaryToolbar
        mode={boundary.mode}
        hasBoundary={boundary.polygons.length > 0}
        count={boundary.ids ? boundary.ids.length : null}
        busy={boundary.busy}
        onAction={boundary.onAction}
      />
      {scenarios}
    </Stack>
  );
}
