// GET /api/datasets/{id}/geocode?q= → {features: [{place_name, geometry: {coordinates: [lng, lat]}, pipe_id}]}
// (spec 000 §7 geocoding, SRCH-05). Address search acts only on results (SRCH-06): a failing geocoder (not
// configured, offline) answers as "no results" and is logged, never an error toast.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { reportError } from '../../../lib/report-error.ts';

export interface GeocodeFeature {
  placeName: string;
  geometry: { coordinates: [number, number] };
  pipeId?: number | null;
}

export const geocodeKey = (datasetId: number, q: string) => ['search', 'geocode', datasetId, q] as const;

export async function geocode(datasetId: number, q: string): Promise<GeocodeFeature[]> {
  try {
    const body = await api<{ features?: GeocodeFeature[] }>(
      'GET',
      `/api/datasets/${datasetId}/geocode?q=${encodeURIComponent(q)}`,
    );
    return (body?.features ?? []).filter(
      (f) => Array.isArray(f.geometry?.coordinates) && f.geometry.coordinates.length >= 2,
    );
  } catch (err) {
    reportError('Address search failed', err);
    return [];
  }
}

export function geocodeQueryOptions(datasetId: number, q: string) {
  return queryOptions({
    queryKey: geocodeKey(datasetId, q),
    queryFn: () => geocode(datasetId, q),
    staleTime: 5 * 60_000,
  });
}

/**
 * Suggestions while typing: the last text's stay up until the next text's arrive (same dataset), so the list does
 * not close and reopen on every key.
 */
export function useGeocode(datasetId: number, q: string, enabled: boolean) {
  return useQuery({
    ...geocodeQueryOptions(datasetId, q),
    enabled,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === datasetId ? previous : undefined,
  });
}
