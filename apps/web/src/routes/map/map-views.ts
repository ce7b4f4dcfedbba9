// The 16 view aliases of the /map/{view} and /planner/{view} sub-routes (spec §2), and break-rate (issue 15: areas by
// expected breaks per length). Anything else is the map-area 404 (SHELL-ROUTE-13, SHELL-ERR-02).
import { data } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';

export const MAP_VIEW_ALIASES = [
  'percentile',
  'highest',
  'lof',
  'break-rate',
  'population',
  'population-change',
  'install-year',
  'diameter',
  'length',
  'material',
  'cof',
  'total-risk',
  'break-count',
  'diameter-status',
  'install-year-status',
  'material-status',
  'virtual-pipes',
] as const;

export type MapViewAlias = (typeof MAP_VIEW_ALIASES)[number];

export function isMapViewAlias(value: string): value is MapViewAlias {
  return (MAP_VIEW_ALIASES as readonly string[]).includes(value);
}

/** Route loader: an unknown view name is a 404 inside the map area. */
export function mapViewLoader({ params }: LoaderFunctionArgs): null {
  if (params.view !== undefined && !isMapViewAlias(params.view)) {
    throw data({ area: 'map', message: `Unknown map view '${params.view}'` }, { status: 404 });
  }
  return null;
}
