// ACC-AUTH-14: logout destroys the map. The map itself goes with the page (MapView removes its MapLibre instance on
// unmount); what outlives the page is the map screen's memory — selection, layer group, open panes, filters and
// boundaries, the planner's open project — which the next user of the tab would otherwise find on their map.
// Registered once, when the map's chunk first loads: before that these stores hold nothing.
import { resetFilterStore } from '../../features/filters/index.ts';
import { useMapSettings } from '../../features/map-settings/index.ts';
import { resetPlannerStore } from '../../features/planner/map-screen.ts';
import { onLogout } from '../../features/session/index.ts';

/** The map screen's stores back to the start; the theme and pane preferences (kept locally) stay. */
export function resetMapStores(): void {
  useMapSettings.getState().reset();
  resetFilterStore();
  resetPlannerStore();
}

let registered = false;

export function registerMapTeardown(): void {
  if (registered) return;
  registered = true;
  onLogout(resetMapStores);
}
