// GET /api/config → the basemap style URLs per theme (null = none configured; apps/server/src/config.ts).
// A failure is not worth an error on the map: the plain background is always a valid basemap.
import type { PublicConfig } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const PUBLIC_CONFIG_KEY = ['config'] as const;

export async function getBasemapConfig(): Promise<PublicConfig['basemap'] | null> {
  try {
    return (await api<PublicConfig>('GET', '/api/config', undefined, { auth: false })).basemap;
  } catch (err) {
    console.warn('Loading the basemap configuration failed; using a plain background', err);
    return null;
  }
}

export function useBasemapConfig() {
  return useQuery(
    queryOptions({
      queryKey: [...PUBLIC_CONFIG_KEY, 'basemap'],
      queryFn: getBasemapConfig,
      staleTime: Infinity,
    }),
  );
}
