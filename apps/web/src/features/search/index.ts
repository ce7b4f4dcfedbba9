// Public surface of the search feature: the map's search box (asset id / native id of the active layer, then
// address search).
export { MapSearchBox } from './components/MapSearchBox.tsx';
export type { MapSearchBoxProps } from './components/MapSearchBox.tsx';
export type { SearchLayerGroup, SearchMatch } from './types.ts';
export { isPurelyId } from './search-text.ts';
