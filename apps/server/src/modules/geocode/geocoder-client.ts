// The optional external geocoder (GEOCODER_URL, a URL template with {query}) answering a Mapbox-geocoding-like
// {features: [{place_name, geometry: {coordinates: [lng, lat]}}]}. It only adds to the dataset's own addresses,
// so it may never fail a search: a timeout, an error status or an unexpected body is logged and yields nothing.
import type { FastifyBaseLogger } from 'fastify';
import type { GeocodeFeature } from '@pipewise/domain';
import { z } from 'zod';

export const GEOCODER_TIMEOUT_MS = 3000;

const externalFeature = z.object({
  place_name: z.string(),
  geometry: z.object({ coordinates: z.array(z.number()).min(2) }),
});
const externalResponse = z.object({ features: z.array(z.unknown()) });

const inRange = ([lng, lat]: number[]) => Math.abs(lng!) <= 180 && Math.abs(lat!) <= 90;

export async function externalGeocode(
  template: string,
  q: string,
  opts: { log: FastifyBaseLogger; limit: number; timeoutMs?: number },
): Promise<GeocodeFeature[]> {
  const url = template.replaceAll('{query}', encodeURIComponent(q));
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(opts.timeoutMs ?? GEOCODER_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
    const body = externalResponse.parse(await res.json());
    // Features are checked one by one: one odd entry must not hide the good ones.
    return body.features
      .flatMap((f) => {
        const p = externalFeature.safeParse(f);
        return p.success && inRange(p.data.geometry.coordinates) ? [p.data] : [];
      })
      .slice(0, opts.limit)
      .map((f) => ({
        place_name: f.place_name,
        geometry: {
          type: 'Point' as const,
          coordinates: [f.geometry.coordinates[0]!, f.geometry.coordinates[1]!] as [number, number],
        },
        pipe_id: null,
      }));
  } catch (err) {
    // The template may hold an API key: log its host only.
    opts.log.warn({ err, host: new URL(url).host }, 'external geocoder failed; showing own addresses only');
    return [];
  }
}
