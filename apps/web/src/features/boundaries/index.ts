// Public surface of the boundaries feature: the boundary toolbar and the intersecting-assets call (the drawing
// itself is the map adapter's, the polygons live in the filter store).
export { BoundaryToolbar } from './components/BoundaryToolbar.tsx';
export type { BoundaryAction, BoundaryMode, BoundaryToolbarProps } from './components/BoundaryToolbar.tsx';
export { getIntersectingAssets } from './api/intersecting-assets.ts';
export { polygonsToWkt } from './wkt.ts';
