// Room for the map (issue 36): with the job planner open beside the filters or details pane, a 1280 px window left
// the map 112 px. The rule is that the map keeps at least half the window: first the navigation drawer folds to
// its icons, then the panes open on the left join the planner's column as tabs (one shown at a time) — the way GIS
// workbenches stack their panels when the screen is short of room. The user's own drawer setting is not changed.
import { NAV_WIDTH, NAV_WIDTH_COLLAPSED } from '../../features/navigation/index.ts';

/** 1em in the app's theme. */
const EM_PX = 16;

export const PANE_PX = {
  /** The minimised view menu (VIEW_MENU_WIDTH.minimised, 4.5em); a pane opening minimises it. */
  viewRail: 4.5 * EM_PX,
  viewMenuOpen: 15 * EM_PX,
  /** The filters and details panes (25em). */
  leftPane: 25 * EM_PX,
  /** The planner panel and the dock that holds the panes beside it (28em). */
  planner: 28 * EM_PX,
} as const;

export type DockPane = 'planner' | 'filters' | 'details';

export interface MapRoomInput {
  windowWidth: number;
  /** The user's own choice for the drawer (its collapse button). */
  navCollapsed: boolean;
  viewMenuOpen: boolean;
  filtersOpen: boolean;
  detailsOpen: boolean;
  plannerOpen: boolean;
}

export interface MapRoom {
  /** Fold the drawer to its icons for as long as the panes need the room. */
  foldNav: boolean;
  /** The left panes sit in the planner's column as tabs. */
  dock: boolean;
  /** The map's width the plan leaves, in px. */
  mapWidth: number;
}

export function planMapRoom(input: MapRoomInput): MapRoom {
  const { windowWidth } = input;
  const left = (input.filtersOpen ? PANE_PX.leftPane : 0) + (input.detailsOpen ? PANE_PX.leftPane : 0);
  const rail = input.viewMenuOpen ? PANE_PX.viewMenuOpen : PANE_PX.viewRail;
  const right = input.plannerOpen ? PANE_PX.planner : 0;
  const nav = input.navCollapsed ? NAV_WIDTH_COLLAPSED : NAV_WIDTH;
  const asIs = windowWidth - nav - rail - left - right;
  // Only the planner's column can take the panes in; without it the map pages keep their layout (spec 000 §2).
  if (!input.plannerOpen || asIs >= windowWidth / 2) return { foldNav: false, dock: false, mapWidth: asIs };
  const folded = windowWidth - NAV_WIDTH_COLLAPSED - rail - left - right;
  if (folded >= windowWidth / 2 || left === 0) return { foldNav: true, dock: false, mapWidth: folded };
  return { foldNav: true, dock: true, mapWidth: windowWidth - NAV_WIDTH_COLLAPSED - rail - PANE_PX.planner };
}
