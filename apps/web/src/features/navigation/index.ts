// Public surface of the navigation feature (left drawer).
export { NavDrawer, NAV_WIDTH, NAV_WIDTH_COLLAPSED } from './components/NavDrawer.tsx';
export { computeNavItems, activeItemId, groupOf, isJapanMode } from './nav-items.ts';
export type { NavItem, NavUser, NavIcon } from './nav-items.ts';
export { useNavState } from './state.ts';
