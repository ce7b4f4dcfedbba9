// LAYER-21: with TILE_MIRRORS set, the page on one origin reads tiles from the others, so the tile route answers
// CORS (a preflight for the Authorization header, then the Origin echoed on the GET); without mirrors it does not.
import { expect, it } from 'vitest';
import { ADMIN, forEachBackend } from '../../../test/helpers/harness.ts';
import { addVary } from './tiles.routes.ts';

it('adds to Vary without dropping what is there: the CORS Origin and the tile encoding both count', () => {
  const headers: Record<string, string> = {};
  const reply = {
    getHeader: (n: string) => headers[n],
    header: (n: string, v: string) => ((headers[n] = v), reply),
  } as unknown as Parameters<typeof addVary>[0];
  addVary(reply, 'Origin');
  addVary(reply, 'accept-encoding');
  addVary(reply, 'origin');
  expect(headers['vary']).toBe('Origin, accept-encoding');
});

const PAGE = 'https://pipes.example.com';
const TILE = '/api/tiles/1/1/pipes/3/1/2.mvt';
const preflight = {
  method: 'OPTIONS' as const,
  url: TILE,
  csrf: false,
  headers: {
    origin: PAGE,
    'access-control-request-method': 'GET',
    'access-control-request-headers': 'authorization',
  },
};

forEachBackend(
  'tile CORS with mirrors',
  (h) => {
    it('answers a preflight with 204, the Origin and the Authorization header allowed', async () => {
      const res = await h.request(preflight);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(PAGE);
      expect(res.headers['vary']).toMatch(/Origin/);
      expect(res.headers['access-control-allow-headers']).toMatch(/Authorization/i);
      expect(res.headers['access-control-allow-methods']).toMatch(/GET/);
    });

    it('echoes the Origin on tile GETs, also on a 401, and not on other routes', async () => {
      const token = await h.token(ADMIN);
      const ok = await h.request({ url: TILE, token, headers: { origin: PAGE } });
      expect(ok.statusCode).toBeLessThan(500);
      expect(ok.headers['access-control-allow-origin']).toBe(PAGE);
      const anonymous = await h.request({ url: TILE, headers: { origin: PAGE } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['access-control-allow-origin']).toBe(PAGE);
      const other = await h.request({
        url: '/api/datasets/1/tile-properties',
        token,
        headers: { origin: PAGE },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const optionsElsewhere = await h.request({ ...preflight, url: '/api/datasets/1/tile-properties' });
      expect(optionsElsewhere.statusCode).not.toBe(204);
    });
  },
  { env: { TILE_MIRRORS: 'https://t1.example.com,https://t2.example.com,https://t3.example.com' } },
);

forEachBackend(
  'tile CORS without mirrors',
  (h) => {
    it('answers no preflight and adds no CORS header', async () => {
      const res = await h.request(preflight);
      expect(res.statusCode).not.toBe(204);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const get = await h.request({ url: TILE, headers: { origin: PAGE } });
      expect(get.statusCode).toBe(401);
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    });
  },
  { seed: false },
);
