// Public surface of the map settings feature: the map screen's own state and its menus (view menu, legend,
// layer-group choice, sub-bar overlays and theme).
export { useMapSettings, ASSET_LAYERS, FACILITY_TYPES, MAP_THEMES } from './state.ts';
export type { AssetLayer, FacilityType, MapSelection, MapSettingsState, MapTheme } from './state.ts';
export { ViewMenu, VIEW_MENU_WIDTH } from './components/ViewMenu.tsx';
export type { ViewMenuProps } from './components/ViewMenu.tsx';
export { LegendPanel, LEGEND_WIDTH } from './components/LegendPanel.tsx';
export type { LegendPanelProps } from './components/LegendPanel.tsx';
export { LayerGroupSelect } from './components/LayerGroupSelect.tsx';
export { NARROW_MAP_QUERY } from './narrow-map.ts';
export { OverlayMenus } from './components/OverlayMenus.tsx';
export { MapControls } from './components/MapControls.tsx';
export type { MapControlsProps } from './components/MapControls.tsx';
