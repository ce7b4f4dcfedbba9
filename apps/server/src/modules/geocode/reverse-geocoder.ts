// DET-PIPE-10: a pipe's address by reverse geocoding its first coordinate in the user's language, for pipes the
// import gave no address (an address column is the utility's own and always wins). The geocoder is optional
// (REVERSE_GEOCODER_URL) and may never fail the details: a timeout, an error status or an odd body gives null and
// a log line. Answers are kept in a small in-process cache, as a pipe's details are opened again and again.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { GEOCODER_TIMEOUT_MS } from './geocoder-client.ts';

const response = z.object({ features: z.array(z.object({ place_name: z.string().min(1) }).passthrough()) });

const CACHE_SIZE = 2000;
const cache = new Map<string, string | null>();

/** 6 decimals (~0.1 m): the same pipe end always hits the same entry. */
const keyOf = (template: string, [lng, lat]: readonly [number, number], language: string) =>
  `${template}|${lng.toFixed(6)}|${lat.toFixed(6)}|${language}`;

export function reverseGeocodeUrl(template: string, [lng, lat]: readonly [number, number], language: string) {
  return template
    .replaceAll('{lng}', lng.toFixed(6))
    .replaceAll('{lat}', lat.toFixed(6))
    .replaceAll('{language}', encodeURIComponent(language));
}

export async function reverseGeocode(
  template: string,
  at: readonly [number, number],
  language: string,
  opts: { log: FastifyBaseLogger; timeoutMs?: number },
): Promise<string | null> {
  const key = keyOf(template, at, language);
  if (cache.has(key)) return cache.get(key)!;
  const url = reverseGeocodeUrl(template, at, language);
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(opts.timeoutMs ?? GEOCODER_TIMEOUT_MS),
      headers: { accept: 'application/json', 'accept-language': language },
    });
    if (!res.ok) throw new Error(`reverse geocoder answered ${res.status}`);
    const address = response.parse(await res.json()).features[0]?.place_name ?? null;
    // Only real answers are kept: a failure is tried again on the next opening.
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(key, address);
    return address;
  } catch (err) {
    // The template may hold an API key: log its host only.
    opts.log.warn({ err, host: new URL(url).host }, 'reverse geocoder failed; the pipe shows no address');
    return null;
  }
}
