import { describe, expect, it } from 'vitest';
import { DEFAULT_BASEMAP_STYLES } from '../src/config.ts';
import { forEachBackend, useHarness } from './helpers/harness.ts';

forEachBackend(
  'system routes',
  (h) => {
    it('GET /api/health reports the database', async () => {
      const res = await h.request({ url: '/api/health', csrf: false });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: h.kind, version: expect.any(String) });
    });

    it('GET /api/csrf returns the token and sets the cookie when missing', async () => {
      const res = await h.request({ url: '/api/csrf', csrf: false });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === 'pw_csrf');
      expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
      expect(cookie?.httpOnly).toBeFalsy();
      expect(res.json()).toEqual({ csrf_token: cookie?.value });
      // With a cookie already present, the same value comes back and no new cookie is set.
      const again = await h.request({
        url: '/api/csrf',
        csrf: false,
        headers: { cookie: `pw_csrf=${cookie?.value}` },
      });
      expect(again.json()).toEqual({ csrf_token: cookie?.value });
      expect(again.cookies).toHaveLength(0);
    });

    it('GET /api/config exposes basemaps, their demo styles and token, tile mirrors and the demo flag', async () => {
      const res = await h.request({ url: '/api/config' });
      expect(res.json()).toEqual({
        basemap: {
          light: 'https://tiles.example/light.json?key={token}',
          dark: null,
          terrain: null,
          demo: { light: 'https://tiles.example/demo-light.json', dark: null, terrain: null },
          token: 'pk.public-token',
        },
        tiles: { mirrors: ['https://t1.example.com', 'https://t2.example.com'] },
        demo: true,
        outbox: true,
      });
    });

    it('serves the OpenAPI document and swagger-ui', async () => {
      const json = await h.request({ url: '/api/docs/json' });
      expect(json.statusCode).toBe(200);
      const doc = json.json();
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/api/token', '/api/user/info', '/api/users/{id}']),
      );
      const ui = await h.request({ url: '/api/docs/' });
      expect(ui.statusCode).toBe(200);
    });

    it('404s unknown /api routes with the error body', async () => {
      const res = await h.request({ url: '/api/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        status: 404,
        message: 'No route GET /api/does-not-exist.',
        code: 'NOT_FOUND',
      });
    });

    it('hides internals behind 500 Internal server error', async () => {
      const res = await h.request({ url: '/api/test/boom' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: 500, message: 'Internal server error', code: 'INTERNAL' });
      expect(res.body).not.toMatch(/secret detail/);
    });
  },
  {
    env: {
      BASEMAP_STYLE_LIGHT: 'https://tiles.example/light.json?key={token}',
      BASEMAP_DEMO_STYLE_LIGHT: 'https://tiles.example/demo-light.json',
      BASEMAP_TOKEN: 'pk.public-token',
      TILE_MIRRORS: 'https://t1.example.com,https://t2.example.com',
    },
    app: {
      // A route that fails with an internal error, to check what the client sees.
      beforeReady: (app) => {
        app.get('/api/test/boom', async () => {
          throw new Error('secret detail: connection string postgres://user:pw@db');
        });
      },
    },
  },
);

describe('GET /api/config where the server reaches the public basemaps (issue 15)', () => {
  const styleJson = async () => new Response(JSON.stringify({ version: 8, sources: {}, layers: [] }));
  const h = useHarness('pglite', {
    env: { BASEMAP_STYLE_DARK: 'none' },
    app: { basemapFetch: styleJson },
  });

  it('offers the public default of each theme left unset, none for one set to none', async () => {
    const res = await h.request({ url: '/api/config' });
    expect(res.json().basemap).toEqual({
      light: DEFAULT_BASEMAP_STYLES.light,
      dark: null,
      terrain: DEFAULT_BASEMAP_STYLES.terrain,
      demo: { light: null, dark: null, terrain: null },
      token: null,
    });
  });
});
