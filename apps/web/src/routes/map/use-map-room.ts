// The map screen's room (map-room.ts) as the screen uses it: folds the navigation drawer while the panes need the
// room, says whether the left panes sit in the planner's dock and which one it shows, and folds the legend by the
// map's measured width.
import { useEffect, type RefObject } from 'react';
import { useNavState } from '../../features/navigation/index.ts';
import { planMapRoom } from './map-room.ts';
import { useDockTab } from './use-dock-tab.ts';
import { useElementWidth } from './use-element-width.ts';
import { useLegendFold } from './use-legend-fold.ts';
import { useWindowWidth } from './use-window-width.ts';

export interface MapRoomPanes {
  viewMenuOpen: boolean;
  filtersOpen: boolean;
  /** The selected asset's key, null with nothing selected. */
  selected: string | null;
  plannerOpen: boolean;
  legendOpen: boolean;
  setLegendOpen: (open: boolean) => void;
}

/** `mapBox`: the box the map fills, measured for the legend. */
export function useMapRoom(panes: MapRoomPanes, mapBox: RefObject<HTMLElement | null>) {
  const windowWidth = useWindowWidth();
  const navCollapsed = useNavState((s) => s.collapsed);
  const setFolded = useNavState((s) => s.setFolded);
  const room = planMapRoom({
    windowWidth,
    navCollapsed,
    viewMenuOpen: panes.viewMenuOpen,
    filtersOpen: panes.filtersOpen,
    detailsOpen: panes.selected !== null,
    plannerOpen: panes.plannerOpen,
  });
  // Only on a change of the plan: a user who expands the drawer again keeps it expanded until the panes change.
  useEffect(() => {
    setFolded(room.foldNav);
  }, [room.foldNav, setFolded]);
  useEffect(() => () => setFolded(false), [setFolded]);

  const [dockTab, setDockTab] = useDockTab({ filters: panes.filtersOpen, details: panes.selected });
  const legend = useLegendFold(useElementWidth(mapBox), panes.legendOpen, panes.setLegendOpen);
  return { dock: room.dock, dockTab, setDockTab, legend };
}
