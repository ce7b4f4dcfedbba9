// Which pane the dock shows (PaneDock): the one the user opened last — the filters when they open, the details when
// a new asset is picked on the map — and the planner when the shown pane closes.
import { useState } from 'react';
import type { DockPane } from './map-room.ts';

export interface DockOpen {
  filters: boolean;
  /** The selected asset's key, null with nothing selected: a new pick shows the details again. */
  details: string | null;
}

export function useDockTab(open: DockOpen): [DockPane, (pane: DockPane) => void] {
  const [state, setState] = useState<{ active: DockPane; seen: DockOpen }>({ active: 'planner', seen: open });
  // React's "adjust state while rendering" pattern: the pane's opening is an edge of the props, not an effect.
  if (state.seen.filters !== open.filters || state.seen.details !== open.details) {
    const active: DockPane =
      open.filters && !state.seen.filters
        ? 'filters'
        : open.details !== null && open.details !== state.seen.details
          ? 'details'
          : state.active;
    setState({ active, seen: open });
  }
  const shown = state.active === 'filters' && !open.filters ? 'planner' : state.active;
  const visible = shown === 'details' && open.details === null ? 'planner' : shown;
  return [visible, (active) => setState((s) => ({ ...s, active }))];
}
