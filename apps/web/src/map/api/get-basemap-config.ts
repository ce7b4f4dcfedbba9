// GET /api/config → what the map needs from the server's configuration (apps/server/src/config.ts): the basemap
// style URLs per theme (null = none configured, or the public default the server cannot reach), their demo
// variants and token, and the tile mirrors.
// A failure is not worth an error on the map: the plain background and the page's own origin always work.
import type { PublicConfig } from '@pipewise/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const PUBLIC_CONFIG_KEY = ['config'] as const;

export type MapConfig = Pick<PublicConfig, 'basemap' | 'tiles'>;

const NO_MIRRORS: readonly string[] = [];

export async function getMapConfig(): Promise<MapConfig | null> {
  try {
    const { basemap, tiles } = await api<PublicConfig>('GET', '/api/config', undefined, { auth: false });
    return { basemap, tiles };
  } catch (err) {
    console.warn('Loading the map configuration failed; using a plain background', err);
    return null;
  }
}

const mapConfigQuery = queryOptions({
  queryKey: [...PUBLIC_CONFIG_KEY, 'map'],
  queryFn: getMapConfig,
  staleTime: Infinity,
});

export function useBasemapConfig() {
  return useQuery({ ...mapConfigQuery, select: (config) => config?.basemap ?? null });
}

/** LAYER-21: the tile mirrors; empty (also while loading or after a failure) = the page's own origin. */
export function useTileMirrors(): readonly string[] {
  return useQuery({ ...mapConfigQuery, select: (config) => config?.tiles.mirrors }).data ?? NO_MIRRORS;
}
