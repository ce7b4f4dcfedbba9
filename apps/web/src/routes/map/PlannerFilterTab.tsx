// The filter pane's Planner tab (spec 000 §4, SUB-08): the boundary tools, then the planner scenarios.
// The toolbar comes first because its height never changes on its own: the scenario list arrives from the server
// (a spinner, then the items) and grows when a scenario is created, so anything below it moves under the pointer.
// A click on "Select" aimed while the list was arriving landed on a scenario instead (e2e map.spec.ts, under load).
import { Stack } from '@mui/material';
import type { ReactNode } from 'react';

export function PlannerFilterTab({
  boundaryTools,
  scenarios,
}: {
  boundaryTools: ReactNode;
  scenarios: ReactNode;
}) {
  return (
    <Stack spacing={2} data-testid="planner-filter-tab">
      {boundaryTools}
      {scenarios}
    </Stack>
  );
}
