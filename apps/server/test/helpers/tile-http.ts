// Tiles over a real socket, as a browser fetches them (issue 41): `app.inject` calls Fastify's handler directly and
// never meets the cached-tile path in front of it (modules/tiles/tile-hits.ts), so the tests that must prove what
// that path serves and refuses ask here. The harness's app listens on a free port; the hook it is built with counts
// the tile requests that reached Fastify, so a test can tell which path answered.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Harness, HarnessOptions } from './harness.ts';

export interface TileAnswer {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire. */
  wire: Buffer;
  /** The tile itself: gunzipped when sent gzipped, as the browser hands it on. */
  rawPayload: Buffer;
  json(): { code?: string };
}

/** Tile requests that reached Fastify's routing, per app: the hit path answers without it. */
const reachedFastify = new WeakMap<FastifyInstance, number>();

/** Harness options whose app counts the tile requests Fastify handles (see `fastifyTileRequests`). */
export function countingTileRequests(opts: HarnessOptions = {}): HarnessOptions {
  return {
    ...opts,
    app: {
      ...opts.app,
      beforeReady: (app) => {
        app.addHook('onRequest', async (request) => {
          if (request.url.startsWith('/api/tiles/'))
            reachedFastify.set(app, (reachedFastify.get(app) ?? 0) + 1);
        });
      },
    },
  };
}

export const fastifyTileRequests = (h: Harness): number => reachedFastify.get(h.app) ?? 0;

async function portOf(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** GET a tile over HTTP with the session's bearer, gzip accepted unless `headers` says otherwise. */
export async function tileOverHttp(
  h: Harness,
  url: string,
  token: string | undefined,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<TileAnswer> {
  const port = await portOf(h.app);
  const sent = {
    'accept-encoding': 'gzip',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...headers,
  };
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: url, method, headers: sent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const gzipped = res.headers['content-encoding'] === 'gzip' && wire.length > 0;
        const rawPayload = gzipped ? gunzipSync(wire) : wire;
        resolve({
          statusCode: res.statusCode ?? 0,
          headers: res.headers,
          wire,
          rawPayload,
          json: () => JSON.parse(rawPayload.toString('utf8')),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
