// GET /api/datasets/{id}/tile-properties (spec 000 §7 'property GeoJSON … valid_feature_props', LAYER-29…31):
// which properties the dataset's pipe tiles carry, polled every second until ready. Views and filters whose
// property is missing are hidden; while unknown or not ready, or when the call fails, every view is shown (null).
import { PROPERTY_GEOJSON_POLL_MS, type LayerGroup, type TileProperties } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '../../../lib/api-client.ts';
import type { Camelize } from '../../../lib/case.ts';
import { reportError } from '../../../lib/report-error.ts';

/** Every revision's tile properties of one dataset (the filters pane refreshes them, FILT-PANE-04). */
export const tilePropertiesPrefix = (datasetId: number) => ['tile-properties', datasetId] as const;
export const tilePropertiesKey = (datasetId: number, revision: string) =>
  [...tilePropertiesPrefix(datasetId), revision] as const;

export function getTileProperties(datasetId: number): Promise<Camelize<TileProperties>> {
  return api<Camelize<TileProperties>>('GET', `/api/datasets/${datasetId}/tile-properties`);
}

export function tilePropertiesQueryOptions(datasetId: number, revision: string) {
  return queryOptions({
    queryKey: tilePropertiesKey(datasetId, revision),
    queryFn: () => getTileProperties(datasetId),
    refetchInterval: (query) => (query.state.data?.ready === false ? PROPERTY_GEOJSON_POLL_MS : false),
    retry: 1,
  });
}

/** The properties present, or null while unknown or after a failure (logged, LAYER-30). */
export function usePresentProperties(datasetId: number | null, revision: string): ReadonlySet<string> | null {
  const { data, error } = useQuery({
    ...tilePropertiesQueryOptions(datasetId ?? 0, revision),
    enabled: datasetId !== null,
  });
  const list = data?.validFeatureProps;
  useEffect(() => {
    if (error) reportError('Loading the tile properties failed', error);
    else if (data && !Array.isArray(list)) console.warn('The tile properties carry no valid_feature_props');
  }, [error, data, list]);
  // Not ready (the first analysis is running): the list is empty, which would hide every view; the status overlay
  // already says the analysis is coming, so until then every view is offered.
  const ready = data?.ready === true;
  return useMemo(() => (!error && ready && Array.isArray(list) ? new Set(list) : null), [error, ready, list]);
}

/** The population quantiles of `year` (ascending, for the dynamic population tiers, MAP-TIER-09), or null. */
export function selectPopulationQuantiles(
  data: Pick<Camelize<TileProperties>, 'populationQuantiles'> | undefined,
  year: number,
): readonly number[] | null {
  // The year keys are data: camelizing leaves digit-only keys as they are.
  const quantiles = data?.populationQuantiles?.[String(year)];
  return Array.isArray(quantiles) && quantiles.length > 0 ? quantiles : null;
}

/** The dataset's population quantiles for `year`; null while unknown, not ready or failed (static tiers). */
export function usePopulationQuantiles(
  datasetId: number | null,
  revision: string,
  year: number,
): readonly number[] | null {
  const { data } = useQuery({
    ...tilePropertiesQueryOptions(datasetId ?? 0, revision),
    enabled: datasetId !== null,
  });
  const quantiles = data?.ready === true ? selectPopulationQuantiles(data, year) : null;
  return quantiles;
}

/** The break-rate quantiles of an area layer (ascending, per km and year, for the breakRate view's tiers), or null. */
export function selectBreakRateQuantiles(
  data: Pick<Camelize<TileProperties>, 'breakRateQuantiles'> | undefined,
  layerGroup: LayerGroup,
): readonly number[] | null {
  const quantiles = data?.breakRateQuantiles?.find((q) => q.layer === layerGroup)?.quantiles;
  return Array.isArray(quantiles) && quantiles.length > 0 ? quantiles : null;
}

/** The active area layer's break-rate quantiles; null for other groups, while unknown, not ready or failed. */
export function useBreakRateQuantiles(
  datasetId: number | null,
  revision: string,
  layerGroup: LayerGroup,
): readonly number[] | null {
  const { data } = useQuery({
    ...tilePropertiesQueryOptions(datasetId ?? 0, revision),
    enabled: datasetId !== null,
  });
  return data?.ready === true ? selectBreakRateQuantiles(data, layerGroup) : null;
}
